import { LogoutOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../refine/useSignOut';

/** Logout asks first (SPEC §4: OK and Cancel). A variant build then goes to the main platform's login. */
export function LogoutButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation('app');
  const [modal, holder] = Modal.useModal();
  const signOut = useSignOut();
  const confirm = () =>
    modal.confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.confirmContent'),
      okText: t('logout.ok'),
      cancelText: t('logout.cancel'),
      onOk: signOut,
    });
  return (
    <>
      {holder}
      <Button type="text" icon={<LogoutOutlined />} onClick={confirm} aria-label={t('logout.button')}>
        {compact ? null : t('logout.button')}
      </Button>
    </>
  );
}
