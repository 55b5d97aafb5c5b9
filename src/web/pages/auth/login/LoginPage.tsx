import { Card, Flex, Tabs } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { safeRedirect } from '../../../routing/redirects';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';

/** /user/login: password or SMS sign-in, then on to the `redirect` query or /home. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle('auth:login.title');
  const { search } = useLocation();
  const redirectTo = safeRedirect(search);

  return (
    <Card className="auth-card" variant="borderless">
      <Tabs
        centered
        destroyOnHidden
        items={[
          { key: 'password', label: t('login.tabPassword'), children: <PasswordLoginForm redirectTo={redirectTo} /> },
          { key: 'sms', label: t('login.tabSms'), children: <SmsLoginForm redirectTo={redirectTo} /> },
        ]}
      />
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to="/user/forgetPassword">{t('login.forgetPassword')}</Link>
        <Link to="/user/sign">{t('login.register')}</Link>
      </Flex>
    </Card>
  );
}
