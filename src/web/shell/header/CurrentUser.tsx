import { UserOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { getUserInfo } from '../../providers/session';

/** SPEC §9: the header reads the current user from storage one second after it mounts. */
export const CURRENT_USER_DELAY_MS = 1_000;

export function CurrentUser() {
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      const info = getUserInfo();
      setName(info?.name || info?.maskedPhone || '');
    }, CURRENT_USER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <span className="shell-header__user" data-testid="current-user">
      <UserOutlined /> {name}
    </span>
  );
}
