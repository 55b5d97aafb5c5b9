import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** SPEC §8: the profile could not be fetched (main build); the notification has said so. */
export default function ProfileFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="error"
      title={t('profile.errorTitle')}
      subTitle={t('profile.errorDescription')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('profile.retry')}
        </Button>
      }
    />
  );
}
