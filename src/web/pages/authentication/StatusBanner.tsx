import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../resources/format';
import type { ResourceText } from '../../resources/labels';
import type { CurrentAuthentication } from '../../system/authentication';

interface Props {
  current: CurrentAuthentication;
  text: ResourceText;
  /** The signed-in user may submit (the account owner). */
  owner: boolean;
}

/** What the account's authentication status means for the user, and what to do next. */
export function StatusBanner({ current, text, owner }: Props) {
  const { t } = useTranslation('authentication');
  const latest = current.latest?.kind === current.kind ? current.latest : null;
  const time = (value: string | null | undefined) => (value ? formatDateTime(value) : '');
  const common = { showIcon: true, className: 'authentication-banner', style: { marginBottom: 24 } } as const;

  switch (current.authStatus) {
    case 'submitted':
      return <Alert {...common} type="info" message={t('banner.submitted.title')} description={t('banner.submitted.description', { time: time(latest?.submittedAt) })} />;
    case 'approved':
      return (
        <Alert
          {...common}
          type="success"
          message={t('banner.approved.title')}
          description={latest?.reviewedAt ? t('banner.approved.description', { time: time(latest.reviewedAt) }) : t('banner.approved.descriptionNoTime')}
        />
      );
    case 'rejected':
      return (
        <Alert
          {...common}
          type="error"
          role="alert"
          message={<Typography.Text strong>{t('banner.rejected.title')}</Typography.Text>}
          description={
            <div className="authentication-banner__rejected">
              <Typography.Paragraph style={{ fontSize: 16, marginBottom: 8 }}>
                <Typography.Text strong>{t('banner.rejected.reason')}</Typography.Text>
                <Typography.Text strong type="danger" data-testid="rejection-reason">
                  {latest?.reason ?? current.latest?.reason ?? ''}
                </Typography.Text>
              </Typography.Paragraph>
              {latest?.reviewedAt && <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>{t('banner.rejected.reviewedAt', { time: time(latest.reviewedAt) })}</Typography.Paragraph>}
              <Typography.Paragraph style={{ marginBottom: 0 }}>{owner ? t('banner.rejected.resubmit') : t('banner.rejected.resubmitOther')}</Typography.Paragraph>
            </div>
          }
        />
      );
    default:
      return <Alert {...common} type="info" message={t('banner.unverified.title', { title: text.title })} description={t('banner.unverified.description')} />;
  }
}
