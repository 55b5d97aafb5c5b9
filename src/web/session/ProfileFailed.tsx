import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../providers/httpError';
import { errorText } from '../providers/httpErrorPolicy';

/**
 * SPEC §8: the profile could not be fetched (main build). The one place that says so: what
 * failed, why (offline, timeout, or the server's own message) and a retry.
 */
export default function ProfileFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="error"
      title={t('profile.errorDescription')}
      subTitle={error instanceof HttpError ? errorText(error) : undefined}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('profile.retry')}
        </Button>
      }
    />
  );
}
