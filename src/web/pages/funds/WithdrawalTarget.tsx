import { Alert, Descriptions, Skeleton, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isMoney } from '../../../shared/formats';
import { formatMoney, yuanToFen } from '../../../shared/money';
import type { FormSlotProps } from '../../resources/slots';
import { useBankAccounts, useWallet } from '../../system/funds';
import { bankAccountItems } from './BankAccountItems';

const figure = (fen: bigint, testId: string) => (
  <span data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
    {formatMoney(fen)}
  </span>
);

/**
 * Above the withdrawal form: the available balance (GET /api/funds/wallet), what is left after
 * the amount typed (only for a valid amount), and the bank account it goes to (the approved
 * authentication's, filled in by the server; GET /api/funds/bank-accounts).
 */
export default function WithdrawalTarget({ data }: FormSlotProps) {
  const { t } = useTranslation('funds');
  const wallet = useWallet();
  const accounts = useBankAccounts();
  if (wallet.isPending || accounts.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const items: NonNullable<DescriptionsProps['items']> = [];
  let over = false;
  if (wallet.isSuccess) {
    const available = yuanToFen(wallet.data.available);
    items.push({ key: 'available', label: t('wallet.available'), children: figure(available, 'withdrawal-available') });
    if (typeof data.amount === 'string' && isMoney(data.amount)) {
      const after = available - yuanToFen(data.amount);
      over = after < 0n;
      items.push({ key: 'after', label: t('money.after', { figure: t('wallet.available') }), children: figure(after, 'withdrawal-after') });
    }
  }
  const own = accounts.isSuccess ? accounts.data.own : null;
  return (
    <section data-testid="withdrawal-target" style={{ marginBottom: 16 }}>
      {items.length > 0 && <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={items} />}
      {own ? (
        <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} title={t('withdrawal.title')} items={bankAccountItems(own, t, 'withdrawal-target')} style={{ marginTop: 12 }} />
      ) : (
        <Alert type="warning" showIcon message={t('withdrawal.noAccount')} style={{ marginTop: 8 }} />
      )}
      {over && <Alert type="error" showIcon message={t('money.short')} style={{ marginTop: 8 }} />}
    </section>
  );
}
