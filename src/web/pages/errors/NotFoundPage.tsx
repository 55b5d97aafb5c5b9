import { Button, Result, theme } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/usePageTitle';
import { HOME_PATH } from '../../../shared/menu';
import { SettingsProvider } from '../../shell/settings/SettingsContext';
import { ShellTheme } from '../../shell/settings/ShellTheme';

function NotFound() {
  const { t } = useTranslation('app');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <div data-testid="not-found" style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: token.colorBgLayout, color: token.colorText }}>
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}

/**
 * /404, where unknown paths end up (SPEC §2). Signed in and outside the console frame, it still
 * wears the console's theme (dark by default, or the user's choice): a light page flashing up in a
 * dark console reads as another site.
 */
export default function NotFoundPage() {
  usePageTitle('app:notFound.title');
  return (
    <SettingsProvider>
      <ShellTheme>
        <NotFound />
      </ShellTheme>
    </SettingsProvider>
  );
}
