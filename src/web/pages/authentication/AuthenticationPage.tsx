import { SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../shared/resources/types';
import { toast } from '../../providers/uiBridge';
import { stateColour } from '../../resources/format';
import { useResourceText } from '../../resources/labels';
import { ErrorState, LoadingState } from '../../resources/states';
import type { PageProps } from '../registry';
import { useCaller } from '../../session/useCaller';
import { useAccountSync } from './accountSync';
import { FORM_OF, formValuesOf, useAuthenticationCalls, useCurrentAuthentication, useFormDefinition, type CurrentAuthentication } from '../../system/authentication';
import { AuthenticationDetails } from './AuthenticationDetails';
import { AuthenticationForm } from './AuthenticationForm';
import { StatusBanner } from './StatusBanner';

const STATUSES = ['unverified', 'submitted', 'approved', 'rejected'];

interface ViewProps {
  current: CurrentAuthentication;
  definition: FormDefinition;
  onStale(): void;
}

/** The page once the status and the form of the account's kind are known. */
function AuthenticationView({ current, definition, onStale }: ViewProps) {
  const { t } = useTranslation('authentication');
  const text = useResourceText(definition);
  // The caller: who may submit, and whose draft it is.
  const { user } = useCaller();
  const owner = user.isOwner;
  const accountId = user.accountId;
  const { authStatus, kind } = current;
  // A submission of the other kind (before a personal account became an enterprise) is not this form's.
  const latest = current.latest?.kind === kind ? current.latest : null;
  const editable = owner && (authStatus === 'unverified' || authStatus === 'rejected');
  const [switching, setSwitching] = useState(false);
  const { changeToEnterprise } = useAuthenticationCalls();
  const { accountChanged } = useAccountSync();

  const switchToEnterprise = async () => {
    setSwitching(true);
    try {
      await changeToEnterprise();
      toast('success', t('switch.done'));
      await accountChanged();
      onStale();
    } catch {
      // The HTTP client has said why (already an enterprise, under review).
    } finally {
      setSwitching(false);
    }
  };

  const canSwitch = owner && kind === 'personal' && authStatus !== 'submitted';
  return (
    <Card
      className="authentication-page"
      title={
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {text.title}
          </Typography.Title>
          <Tag color={stateColour(authStatus, STATUSES)}>{t(`status.${authStatus}`)}</Tag>
        </Space>
      }
      extra={
        canSwitch && (
          <Popconfirm
            title={t('switch.confirmTitle')}
            description={<div style={{ maxWidth: 320 }}>{t('switch.confirm')}</div>}
            okText={t('switch.ok')}
            cancelText={t('switch.cancel')}
            onConfirm={switchToEnterprise}
          >
            <Button icon={<SwapOutlined />} loading={switching}>
              {t('switch.action')}
            </Button>
          </Popconfirm>
        )
      }
    >
      {!owner && <Alert type="warning" showIcon message={t('ownerOnly.title')} description={t('ownerOnly.description')} style={{ marginBottom: 16 }} />}
      <StatusBanner current={current} text={text} owner={owner} />
      {editable ? (
        <AuthenticationForm
          definition={definition}
          text={text}
          kind={kind}
          accountId={accountId}
          base={formValuesOf(definition, authStatus === 'rejected' && latest ? latest.data : current.prefill)}
          resubmit={authStatus === 'rejected'}
          onStale={onStale}
        />
      ) : latest ? (
        <>
          <Typography.Title level={5} style={{ marginBottom: 16 }}>
            {t('submittedData')}
          </Typography.Title>
          <AuthenticationDetails definition={definition} text={text} data={latest.data} />
        </>
      ) : authStatus !== 'approved' ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notSubmitted')} />
      ) : null}
    </Card>
  );
}

/**
 * /businessAuthentication: the account's authentication. The form of its kind (enterprise or
 * personal) from the definition the server serves, with a banner for the status: fill in,
 * under review (what was sent, read-only), approved, or rejected (the reason, and the form
 * pre-filled to submit again). Only the account owner submits; others see the status.
 */
export default function AuthenticationPage(_props: PageProps) {
  const current = useCurrentAuthentication();
  const kind = current.data?.kind;
  const form = useFormDefinition(kind ? FORM_OF[kind] : undefined);
  const status = current.data?.authStatus;
  const { syncAuthStatus } = useAccountSync();

  // A decision made since the caller was loaded (approved, rejected) reaches every reader of it.
  useEffect(() => {
    if (status) void syncAuthStatus(status);
  }, [status, syncAuthStatus]);

  if (current.isPending) return <LoadingState rows={8} />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  if (form.isPending) return <LoadingState rows={8} />;
  if (form.isError) return <ErrorState error={form.error} onRetry={() => void form.refetch()} />;
  return <AuthenticationView key={form.data.name} current={current.data} definition={form.data} onStale={() => void current.refetch()} />;
}
