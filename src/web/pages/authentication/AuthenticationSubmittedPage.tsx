import { Button, Card, Result, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../resources/format';
import { ErrorState, LoadingState } from '../../resources/states';
import { consolePath } from '../../../shared/consolePaths';
import { HOME_PATH } from '../../../shared/menu';
import type { PageProps } from '../registry';
import { useAuthenticationCalls, useCurrentAuthentication, type AuthStatus } from '../../system/authentication';

const AUTHENTICATION_PATH = consolePath('businessAuthentication');

const RESULT_STATUS: Record<AuthStatus, 'success' | 'info' | 'error'> = { submitted: 'success', approved: 'success', rejected: 'error', unverified: 'info' };
/** Where the account is on the way: submitted (0), under review (1), done (2). */
const STEP: Record<AuthStatus, number> = { unverified: 0, submitted: 1, rejected: 1, approved: 2 };

/**
 * /authenticationSubmitted: where a submission lands. Says it was received, what happens next
 * (review by platform operations, the result as a message, trading once approved) and leads
 * home; visited later it tells the status the account has now.
 */
export default function AuthenticationSubmittedPage(_props: PageProps) {
  const { t } = useTranslation('authentication');
  const navigate = useNavigate();
  const current = useCurrentAuthentication();
  const { refreshCurrent } = useAuthenticationCalls();

  if (current.isPending) return <LoadingState rows={6} />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  const { authStatus, latest } = current.data;

  return (
    <Card className="authentication-result">
      <Result
        status={RESULT_STATUS[authStatus]}
        title={t(`result.${authStatus}.title`)}
        subTitle={t(`result.${authStatus}.subTitle`, { reason: latest?.reason ?? '' })}
        extra={[
          <Button key="home" type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('result.home')}
          </Button>,
          <Button
            key="view"
            onClick={() => {
              // The authentication page may be an open tab showing what it loaded earlier.
              void refreshCurrent();
              navigate(AUTHENTICATION_PATH);
            }}
          >
            {authStatus === 'unverified' ? t('result.fill') : authStatus === 'rejected' ? t('result.resubmit') : t('result.view')}
          </Button>,
        ]}
      >
        {latest && authStatus !== 'unverified' && (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {t('result.submittedAt', { time: formatDateTime(latest.submittedAt) })}
          </Typography.Paragraph>
        )}
        <Steps
          current={STEP[authStatus]}
          status={authStatus === 'rejected' ? 'error' : authStatus === 'approved' ? 'finish' : 'process'}
          items={[
            { title: t('result.steps.submit') },
            { title: t('result.steps.review'), description: t(`result.steps.review_${authStatus}`) },
            { title: t('result.steps.done'), description: authStatus === 'approved' ? undefined : t('result.steps.doneDescription') },
          ]}
        />
      </Result>
    </Card>
  );
}
