import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/AuthCard';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { consolePath } from '../../../../shared/consolePaths';

/** The `url` query as a same-origin URL, or null: other sites are not framed inside the console. */
function sameOriginUrl(search: string): string | null {
  const raw = new URLSearchParams(search).get('url');
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.origin === window.location.origin && (url.protocol === 'http:' || url.protocol === 'https:')
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/** /user/webview?url=...: shows one of the site's own documents in a frame. */
export default function WebviewPage() {
  const { t } = useTranslation('auth');
  usePageTitle('auth:webview.title');
  const { search } = useLocation();
  const url = sameOriginUrl(search);

  return (
    <AuthCard wide>
      {url ? (
        <iframe
          title={t('webview.title')}
          src={url}
          style={{ width: '100%', height: '70vh', border: 0 }}
        />
      ) : (
        <Result
          status="warning"
          title={t('webview.unavailable')}
          subTitle={t('webview.unavailableHint')}
          extra={
            <Link to={consolePath('login')}>
              <Button>{t('webview.back')}</Button>
            </Link>
          }
        />
      )}
    </AuthCard>
  );
}
