import { Alert, Button, Card, Descriptions, Input, Result, Table, type DescriptionsProps } from 'antd';
import { useCan, useInvalidate, useResourceParams } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FORMATS_NAMESPACE, isMoney } from '../../../shared/formats';
import { capitalAmount, formatMoney, plainNumberText, yuanToFen } from '../../../shared/money';
import type { ResourceRecord } from '../../../shared/resources/types';
import { MoneyConfirmField, missingConfirmation, type ConfirmValue } from '../../resources/MoneyConfirmField';
import { fieldErrorsOf, HttpError } from '../../providers/httpError';
import { useIntent } from '../../providers/idempotency';
import type { ListSelectionProps } from '../../resources/slots';
import { useFundsCache, useWallet } from '../../system/funds';
import { useSettlementCalls, type PaymentAnswer } from '../../system/settlement';

const fenOf = (value: string): bigint | undefined => (isMoney(value) ? yuanToFen(value) : undefined);

const figure = (fen: bigint, testId: string) => (
  <span data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
    {formatMoney(fen)}
  </span>
);

/**
 * Paying several of the payer's confirmed bills in one payment (/contractUpdate/contractPayment,
 * the list's selection slot): each chosen bill with the amount to pay now (its open amount, or
 * part of it), the total in figures and Chinese capitals, the available balance before and
 * after, the confirmation (MoneyConfirmField: payment password, authenticator or SMS, once for
 * the total), and one POST /api/settlement/payments with one Idempotency-Key per intent. A refusal is shown on the line or above the button and changes nothing typed; a
 * success links the payment's receipt (Solution for one bill, Solutions for several).
 */
export default function PayBillsPanel({ definition, selected, clear }: ListSelectionProps) {
  const { t } = useTranslation(['settlement', FORMATS_NAMESPACE]);
  const { t: tc } = useTranslation('confirm');
  const settlement = useSettlementCalls();
  const funds = useFundsCache();
  const invalidate = useInvalidate();
  const { identifier } = useResourceParams().select(definition.name);
  const wallet = useWallet();
  const intent = useIntent();
  // What the user typed per bill; a bill not typed for pays its open amount.
  const [typed, setTyped] = useState<Record<string, string>>({});
  // How the payer confirms the payment (payment password, authenticator or SMS): once, for the total.
  const [confirmation, setConfirmation] = useState<ConfirmValue | null>(null);
  // A new field (nothing typed) after each payment made.
  const [confirmKey, setConfirmKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<PaymentAnswer | null>(null);
  // An operator whose role does not pay (a viewer) sees the list, not the payment.
  const { data: access } = useCan({ resource: definition.name, action: 'pay' });

  const amountOf = (bill: ResourceRecord) => typed[bill.id] ?? String(bill.openAmount ?? '');
  // Each line's own check, the money fields' rules and messages: an amount as the server takes it
  // (no sign, at most two decimals), more than 0, not over what is open.
  const lineError = (bill: ResourceRecord): string | undefined => {
    const fen = fenOf(amountOf(bill));
    if (fen === undefined) return t('format.money', { ns: FORMATS_NAMESPACE });
    if (fen <= 0n) return t('positive', { ns: FORMATS_NAMESPACE });
    if (fen > yuanToFen(String(bill.openAmount ?? '0'))) return t('payMany.amountOver', { open: formatMoney(String(bill.openAmount)) });
    return undefined;
  };
  // What a line says: the server's or the submit's message, else, once typed in, its own check as the user types.
  const shownError = (bill: ResourceRecord): string | undefined => errors[bill.id] ?? (typed[bill.id] !== undefined ? lineError(bill) : undefined);
  const total = useMemo(() => selected.reduce((sum, bill) => sum + (fenOf(typed[bill.id] ?? String(bill.openAmount ?? '')) ?? 0n), 0n), [selected, typed]);

  if (access?.can === false) return null;
  if (done && !selected.length)
    return (
      <Card className="pay-bills" data-testid="pay-bills-done" style={{ marginBottom: 16 }}>
        <Result
          status="success"
          title={t('payMany.done')}
          subTitle={t('payMany.doneHint', { count: done.bills.length, amount: formatMoney(done.amount) })}
          extra={[
            done.receipt ? (
              <Link key="receipt" to={done.receipt} data-testid="pay-bills-receipt">
                <Button type="primary">{t('payMany.receipt')}</Button>
              </Link>
            ) : null,
            <Button key="again" onClick={() => setDone(null)}>
              {t('payMany.again')}
            </Button>,
          ]}
        />
      </Card>
    );

  if (!selected.length)
    return (
      <Alert className="pay-bills" data-testid="pay-bills-none" type="info" showIcon message={t('payMany.title')} description={t('payMany.none')} style={{ marginBottom: 16 }} />
    );

  const pay = async () => {
    const local: Record<string, string> = {};
    for (const bill of selected) {
      const error = lineError(bill);
      if (error) local[bill.id] = error;
    }
    Object.assign(local, missingConfirmation(tc, confirmation));
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length) return;
    const items = selected.map((bill) => ({ billId: bill.id, amount: amountOf(bill) }));
    setBusy(true);
    try {
      const answer = await intent.attempt('payBills', (key) => settlement.payBills({ items, ...confirmation }, key));
      setDone(answer);
      setTyped({});
      setConfirmKey((k) => k + 1);
      clear();
      void invalidate({ resource: identifier, invalidates: ['list'] });
      void funds.refreshWallet();
    } catch (error) {
      // The server's field errors name the line as sent (items.<n>.amount): shown on that bill.
      const fields = fieldErrorsOf(error) ?? {};
      const mapped: Record<string, string> = {};
      for (const [field, message] of Object.entries(fields)) {
        const line = /^items\.(\d+)\./.exec(field);
        if (line && items[Number(line[1])]) mapped[items[Number(line[1])].billId] = message;
        else mapped[field] = message;
      }
      setErrors(mapped);
      setFailure(error instanceof HttpError ? error.msg || t('payMany.failed') : t('payMany.failed'));
    } finally {
      setBusy(false);
    }
  };

  const items: NonNullable<DescriptionsProps['items']> = [
    {
      key: 'total',
      label: t('payMany.total'),
      children: (
        <>
          {figure(total, 'pay-bills-total')}
          <div data-testid="pay-bills-capital">{t('payMany.capital', { capital: capitalAmount(total) })}</div>
        </>
      ),
    },
  ];
  let short = false;
  if (wallet.isSuccess) {
    const before = yuanToFen(wallet.data.available);
    short = before - total < 0n;
    items.push({ key: 'before', label: t('payMany.before'), children: figure(before, 'money-before') });
    items.push({ key: 'after', label: t('payMany.after'), children: figure(before - total, 'money-after') });
  } else {
    items.push({ key: 'before', label: t('payMany.before'), children: wallet.isPending ? '…' : t('payMany.balanceUnknown') });
  }

  return (
    <Card
      className="pay-bills"
      data-testid="pay-bills"
      size="small"
      title={`${t('payMany.title')} · ${t('payMany.count', { count: selected.length })}`}
      extra={
        <Button size="small" onClick={clear} disabled={busy}>
          {t('payMany.clear')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    >
      <p style={{ marginTop: 0 }}>{t('payMany.hint')}</p>
      <Table<ResourceRecord>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={selected}
        columns={[
          { key: 'contract', title: t('payMany.contract'), dataIndex: 'contractTitle' },
          { key: 'payee', title: t('payMany.payee'), dataIndex: 'payeeName' },
          { key: 'open', title: t('payMany.open'), align: 'right', render: (_: unknown, bill) => formatMoney(String(bill.openAmount ?? '0')) },
          {
            key: 'pay',
            title: t('payMany.pay'),
            render: (_: unknown, bill) => (
              <div>
                <Input
                  aria-label={`${t('payMany.pay')} ${String(bill.contractTitle ?? '')}`}
                  data-testid={`pay-bills-amount-${bill.id}`}
                  inputMode="decimal"
                  value={amountOf(bill)}
                  status={shownError(bill) ? 'error' : undefined}
                  disabled={busy}
                  // Kept as typed (only separators and full-width forms go): a sign or a third decimal is said, never dropped.
                  onChange={(e) => {
                    const value = plainNumberText(e.target.value);
                    setTyped((previous) => ({ ...previous, [bill.id]: value }));
                    setErrors(({ [bill.id]: _changed, ...rest }) => rest);
                  }}
                  style={{ maxWidth: 180, textAlign: 'right' }}
                />
                {shownError(bill) && (
                  <div role="alert" className="ant-form-item-explain-error" data-testid={`pay-bills-error-${bill.id}`}>
                    {shownError(bill)}
                  </div>
                )}
              </div>
            ),
          },
        ]}
      />
      <section data-testid="money-summary" aria-label={t('payMany.title')} style={{ margin: '12px 0' }}>
        <Descriptions size="small" bordered column={1} items={items} />
        {short && <Alert type="error" showIcon message={t('payMany.short')} style={{ marginTop: 8 }} />}
      </section>
      <div style={{ maxWidth: 460 }}>
        <MoneyConfirmField
          key={confirmKey}
          onChange={(value) => {
            setConfirmation(value);
            // A new input clears what the server said of the last one; each line keeps its own.
            setErrors(({ smsCode: _s, paymentPassword: _p, totpCode: _t, confirmMethod: _m, ...rest }) => rest);
          }}
          errors={errors}
          disabled={busy}
        />
      </div>
      <Button type="primary" onClick={pay} loading={busy} data-testid="pay-bills-submit">
        {t('payMany.submit')}
      </Button>
      {failure && <Alert data-testid="pay-bills-failure" type="error" showIcon message={failure} style={{ marginTop: 12 }} />}
    </Card>
  );
}
