import { Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../components/PageLoading';
import { usePageTitle } from '../hooks/usePageTitle';
import { safeRedirect } from '../navigation/redirects';
import { goToMainLogin } from './origins';

/**
 * /user/login of a variant build: there is no login form here; the visitor signs in on the main
 * platform, which sends them back to the page they wanted (the `redirect` query, made absolute).
 */
export default function MainPlatformLogin() {
  const { t } = useTranslation('shell');
  usePageTitle('menu:routes.login');
  const { search } = useLocation();
  useEffect(() => {
    void goToMainLogin(new URL(safeRedirect(search), window.location.origin).toString());
  }, [search]);
  return (
    <div>
      <PageLoading />
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {t('handoff.redirecting')}
      </Typography.Paragraph>
    </div>
  );
}
