import type { DescriptionsProps } from 'antd';
import { createElement } from 'react';
import type { TFunction } from 'i18next';
import type { BankAccountView } from '../../../shared/api';

/** A bank account as description rows (holder, bank, number), each with a test id `<prefix>-<part>`. */
export function bankAccountItems(account: BankAccountView, t: TFunction<'funds'>, prefix: string): NonNullable<DescriptionsProps['items']> {
  return (['accountName', 'bankName', 'account'] as const).map((part) => ({
    key: part,
    label: t(`bank.${part}`),
    children: createElement('span', { 'data-testid': `${prefix}-${part}` }, account[part]),
  }));
}
