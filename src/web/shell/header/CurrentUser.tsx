import { UserOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getUserInfo } from '../../providers/session';

/** SPEC §9: the header reads the current user from storage one second after it mounts. */
export const CURRENT_USER_DELAY_MS = 1_000;

/** The user's name, linking to /accountSafe (phone, password, account deletion). */
export function CurrentUser() {
  const { t } = useTranslation('shell');
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      const info = getUserInfo();
      setName(info?.name || info?.maskedPhone || '');
    }, CURRENT_USER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Link to="/accountSafe" className="shell-header__user" data-testid="current-user" title={t('header.accountSafe')}>
      <UserOutlined /> {name}
    </Link>
  );
}
