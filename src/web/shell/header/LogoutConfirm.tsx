import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../refine/useSignOut';

/**
 * The logout question (SPEC §4: OK and Cancel), asked as soon as it is drawn; `onClosed` when it
 * has gone. On a chunk of its own with antd's Modal: LogoutButton draws it at the first click.
 */
export default function LogoutConfirm({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation('app');
  const [modal, holder] = Modal.useModal();
  const signOut = useSignOut();
  // Asked once per drawing (twice-run effects included): the button draws it anew for the next question.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    modal.confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.confirmContent'),
      okText: t('logout.ok'),
      cancelText: t('logout.cancel'),
      onOk: signOut,
      afterClose: onClosed,
    });
  }, [modal, t, signOut, onClosed]);
  return holder;
}
