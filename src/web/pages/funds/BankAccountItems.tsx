import { Typography, type DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import type { BankAccountView } from '../../../shared/api';

/** A bank account as description rows (holder, bank, number; the number copyable), each with a test id `<prefix>-<part>`. */
export function bankAccountItems(account: BankAccountView, t: TFunction<'funds'>, prefix: string): NonNullable<DescriptionsProps['items']> {
  return (['accountName', 'bankName', 'account'] as const).map((part) => ({
    key: part,
    label: t(`bank.${part}`),
    children: (
      <Typography.Text copyable={part === 'account' ? { text: account[part] } : false}>
        <span data-testid={`${prefix}-${part}`}>{account[part]}</span>
      </Typography.Text>
    ),
  }));
}
