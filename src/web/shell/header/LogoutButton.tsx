import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The question's dialog (antd's Modal) loads with the first click, not with the shell.
const LogoutConfirm = lazy(() => import('./LogoutConfirm'));

/** Logout asks first (SPEC §4: OK and Cancel). A variant build then goes to the main platform's login. */
export function LogoutButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation('app');
  const [asking, setAsking] = useState(false);
  return (
    <>
      {asking && (
        <Suspense fallback={null}>
          <LogoutConfirm onClosed={() => setAsking(false)} />
        </Suspense>
      )}
      <Button type="text" icon={<LogoutOutlined />} onClick={() => setAsking(true)} aria-label={t('logout.button')}>
        {compact ? null : t('logout.button')}
      </Button>
    </>
  );
}
