import { Alert, Card, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passOnRules } from '../../../shared/passOn';
import { toast } from '../../providers/uiBridge';
import { formatDateTime } from '../../resources/format';
import { ErrorState, LoadingState } from '../../resources/states';
import { VARIANT_ID } from '../../variant';
import { useChainConsent, useSetChainConsent } from '../../system/mutual';

/**
 * Chains in clearing runs (issue 31 item 4): whether a run may pass bills on through the account
 * along chains (a bill it holds goes to its creditor in payment of what it owes; it may receive a
 * part of a bill instead of its debtor's payment). Off until the owner turns it on; shown only
 * where the variant allows passing bills on at all, and only once the mutual service is open
 * (the server refuses consent before that).
 */
export function ChainConsentCard({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation('counterparties');
  const consent = useChainConsent(passOnRules([VARIANT_ID]).allowed);
  const setConsent = useSetChainConsent();
  const [saving, setSaving] = useState(false);

  if (!passOnRules([VARIANT_ID]).allowed) return null;
  if (consent.isPending) return <LoadingState rows={2} />;
  if (consent.isError) return <ErrorState error={consent.error} onRetry={() => void consent.refetch()} />;

  const change = async (allowed: boolean) => {
    setSaving(true);
    try {
      await setConsent(allowed);
      toast('success', t(allowed ? 'chains.allowedDone' : 'chains.withdrawnDone'));
    } catch {
      // The request layer has shown the server's message; the switch keeps the state the server has.
    } finally {
      setSaving(false);
    }
  };

  const { allowed, allowedAt } = consent.data;
  return (
    <Card title={t('chains.title')} style={{ marginTop: 16 }}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('chains.explain')}</Typography.Paragraph>
        <Space wrap>
          <Switch
            checked={allowed}
            loading={saving}
            disabled={!canChange}
            onChange={(next) => void change(next)}
            aria-label={t('chains.switch')}
          />
          <span>{allowed ? t('chains.allowedSince', { time: formatDateTime(allowedAt) }) : t('chains.notAllowed')}</span>
        </Space>
        {!canChange && <Alert type="info" showIcon message={t('chains.ownerOnly')} />}
      </Space>
    </Card>
  );
}
