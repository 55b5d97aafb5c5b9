import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBankAccounts } from '../../system/funds';
import { bankAccountItems } from './BankAccountItems';

/**
 * Above the deposit declaration: where to transfer the money to (the platform's receiving
 * account, GET /api/funds/bank-accounts), and what happens next, so the user transfers first and
 * declares what was transferred.
 */
export default function DepositTarget() {
  const { t } = useTranslation('funds');
  const accounts = useBankAccounts();
  if (accounts.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const platform = accounts.isSuccess ? accounts.data.platform : null;
  if (!platform) return <Alert type="warning" showIcon message={t('deposit.noAccount')} style={{ marginBottom: 16 }} data-testid="deposit-target" />;
  return (
    <section data-testid="deposit-target" style={{ marginBottom: 16 }}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} title={t('deposit.title')} items={bankAccountItems(platform, t, 'deposit-target')} />
      <Alert type="info" showIcon message={t('deposit.steps')} style={{ marginTop: 8 }} />
    </section>
  );
}
