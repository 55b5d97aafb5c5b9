import { Alert, Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { capitalAmount, formatMoney, yuanToFen } from '../../../shared/money';
import { movedFen } from '../../../shared/resources/moneyMoves';
import { useResourceText } from '../../resources/labels';
import type { SlotProps } from '../../resources/slots';
import { useWallet } from '../../system/funds';

type Items = NonNullable<DescriptionsProps['items']>;

const figure = (fen: bigint, testId: string) => (
  <span data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
    {formatMoney(fen)}
  </span>
);

const shown = (value: unknown): string => (value === undefined || value === null || value === '' ? '—' : String(value));

/**
 * Above a money step's SMS code or confirmation (pay the collateral, confirm receipt, confirm a
 * deposit, submit a withdrawal ...): the amount in figures and in Chinese capitals, who is on the
 * other side, and the acting account's balance before and after (from the wallet the console
 * reads, GET /api/funds/wallet), so what is confirmed is read in the dialog itself and nothing
 * it covers needs checking.
 */
export default function MoneyActionSummary({ definition, action, record, input = {} }: SlotProps['actionPreface']) {
  const { t } = useTranslation('funds');
  const text = useResourceText(definition);
  // What the step moves, as its resource file declares it (action.moves, read by the server too).
  const effect = action.moves;
  // Ops hold no wallet: only a step that moves the acting account's own money reads it.
  const wallet = useWallet(Boolean(effect?.wallet));
  if (!effect) return null;
  // Nothing typed yet (or not an amount): 0.00, the form's own check says what is wrong.
  const amount = movedFen(effect, record, input) ?? 0n;
  const items: Items = [
    {
      key: 'amount',
      label: t(`money.amount.${definition.name}.${action.name}`),
      children: (
        <>
          {figure(amount, 'money-amount')}
          <div>{t('money.capital', { capital: capitalAmount(amount) })}</div>
        </>
      ),
    },
    ...effect.parties.map((field) => ({ key: field, label: text.field(field), children: <span data-testid={`money-party-${field}`}>{shown(record[field])}</span> })),
  ];
  let short = false;
  if (effect.wallet) {
    const label = t(`wallet.${effect.wallet.figure}`);
    if (wallet.isSuccess) {
      const before = yuanToFen(wallet.data[effect.wallet.figure]);
      const after = before + BigInt(effect.wallet.sign) * amount;
      short = after < 0n;
      items.push({ key: 'before', label: t('money.before', { figure: label }), children: figure(before, 'money-before') });
      items.push({ key: 'after', label: t('money.after', { figure: label }), children: figure(after, 'money-after') });
    } else {
      items.push({ key: 'before', label: t('money.before', { figure: label }), children: wallet.isPending ? '…' : t('money.balanceUnknown') });
    }
  }
  return (
    <section data-testid="money-summary" aria-label={t('money.title')} style={{ marginBottom: 16 }}>
      <Descriptions size="small" bordered column={1} items={items} />
      {short && <Alert type="error" showIcon message={t('money.short')} style={{ marginTop: 8 }} />}
    </section>
  );
}
