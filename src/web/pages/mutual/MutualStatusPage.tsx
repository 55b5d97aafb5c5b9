import { Button, Card, Popconfirm, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserInfo } from '../../../shared/api';
import { consolePath } from '../../../shared/consolePaths';
import { HOME_PATH } from '../../../shared/menu';
import { toast } from '../../providers/uiBridge';
import { formatDateTime } from '../../resources/format';
import { ErrorState, LoadingState } from '../../resources/states';
import type { PageProps } from '../registry';
import { useRefreshAccess } from '../../refine/useRefreshAccess';
import { useCaller } from '../../session/useCaller';
import { useMutualStatus, useOpenMutual } from '../../system/mutual';
import { ChainConsentCard } from './ChainConsentCard';

const AUTHENTICATION_PATH = consolePath('businessAuthentication');

/** Why the caller cannot open the service, or null when it can (the owner of an approved account). */
const blockerOf = (me: UserInfo): 'ownerOnly' | 'approval' | null => (me.type === 'ops' || !me.isOwner ? 'ownerOnly' : me.authStatus !== 'approved' ? 'approval' : null);

/**
 * /contract/xhnPaymentStatus: whether the account has opened the mutual-promise service, and
 * for the owner of an approved account that has not, the button that opens it. It promises
 * only what opening does today: the account may publish and accept mutual-promise offers
 * (/outgoing/chainInvitation) and can be found as a counterparty on the mutual-promise platform.
 * Once open, the owner decides whether clearing runs may pass bills on along chains through the
 * account (ChainConsentCard).
 */
export default function MutualStatusPage(_props: PageProps) {
  const { t } = useTranslation('counterparties');
  const navigate = useNavigate();
  const refreshAccess = useRefreshAccess();
  const openMutual = useOpenMutual();
  const status = useMutualStatus();
  const { user: me } = useCaller();
  const [opening, setOpening] = useState(false);

  if (status.isPending) return <LoadingState rows={4} />;
  if (status.isError) return <ErrorState error={status.error} onRetry={() => void status.refetch()} />;

  const open = async () => {
    setOpening(true);
    try {
      await openMutual(crypto.randomUUID());
      // The account's services are part of the caller's Actor: access is asked again.
      await refreshAccess();
      toast('success', t('mutual.done'));
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setOpening(false);
    }
  };

  const home = (
    <Button key="home" onClick={() => navigate(HOME_PATH)}>
      {t('mutual.home')}
    </Button>
  );

  if (status.data.opened) {
    return (
      <>
        <Card>
          <Result
            status="success"
            title={t('mutual.openedTitle')}
            subTitle={
              <>
                <div>{t('mutual.openedAt', { time: formatDateTime(status.data.openedAt) })}</div>
                <div>{t('mutual.openedHint')}</div>
              </>
            }
            extra={[home]}
          />
        </Card>
        <ChainConsentCard canChange={blockerOf(me) === null} />
      </>
    );
  }

  const blocker = blockerOf(me);
  const extra =
    blocker === null
      ? [
          <Popconfirm key="open" title={t('mutual.confirm')} onConfirm={() => void open()} okButtonProps={{ loading: opening }}>
            <Button type="primary" loading={opening}>
              {t('mutual.open')}
            </Button>
          </Popconfirm>,
          home,
        ]
      : blocker === 'approval'
        ? [
            <Button key="auth" type="primary" onClick={() => navigate(AUTHENTICATION_PATH)}>
              {t('mutual.toAuthentication')}
            </Button>,
            home,
          ]
        : [home];
  return (
    <Card>
      <Result
        status="info"
        title={t('mutual.notOpenedTitle')}
        subTitle={
          <>
            <div>{t('mutual.notOpenedHint')}</div>
            {blocker && <div>{t(blocker === 'approval' ? 'mutual.approvalHint' : 'mutual.ownerOnlyHint')}</div>}
          </>
        }
        extra={extra}
      />
    </Card>
  );
}
