// Issue 28 item 8: the pay-several panel (/contractUpdate/contractPayment, the bills list's
// selection slot) keeps each amount as typed and says what is wrong, with the money fields'
// messages: -5 stays -5 and 1.239 stays 1.239, each with its error, 0 is refused, more than the
// open amount is refused; nothing is sent until every line is right.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import bills from '../../schemas/resources/bills.json';
import type { WalletView } from '../../src/shared/api';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { fakeApi, ok } from './support/fakeApi';
import { baseRoutes, offer, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

const BILLS = bills as unknown as ResourceDefinition;
const PATH = '/contractUpdate/contractPayment';
const WALLET: WalletView = { available: '20000.00', held: '0.00', escrow: '0.00', objectionDeposits: '0.00' };
const bill = (title: string, open: string): ResourceRecord =>
  offer({ title: undefined, contractTitle: title, payerName: '杭州付款买方有限公司', payeeName: '苏州收款卖方有限公司', amount: open, paidAmount: '0.00', openAmount: open, dueDay: '2099-12-01', state: 'confirmed', parties: { payer: 'a-1', payee: 'a-2' } });

describe('paying several bills: amounts kept as typed', () => {
  it('keeps -5 and 1.239 as typed, says what is wrong on each line, sends nothing', async () => {
    const a = bill('甲合同', '1000.00');
    const b = bill('乙合同', '2000.00');
    const api = fakeApi({
      ...baseRoutes('owner', [BILLS]),
      'GET /api/r/bills': ok({ records: [a, b], total: 2, totals: { amount: '3000.00', paidAmount: '0.00', openAmount: '3000.00' } }),
      'GET /api/funds/wallet': ok(WALLET),
      'POST /api/settlement/payments': ok({ paymentId: 'p-1', amount: '2500.50', bills: [a, b], receipt: '/Solutions?id=p-1' }),
    });
    const { user } = renderResource(PATH, { resource: 'bills', routePath: PATH, scope: 'payer', states: ['confirmed', 'partiallyPaid', 'overdue'] });
    const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
    await user.click(within(await rowOf('甲合同')).getByRole('checkbox'));
    await user.click(within(await rowOf('乙合同')).getByRole('checkbox'));
    const panel = await screen.findByTestId('pay-bills');
    const amountA = within(panel).getByTestId(`pay-bills-amount-${a.id}`);
    const amountB = within(panel).getByTestId(`pay-bills-amount-${b.id}`);
    expect(amountA).toHaveValue('1000.00');

    await user.clear(amountA);
    await user.type(amountA, '-5');
    await user.clear(amountB);
    await user.type(amountB, '1.239');
    await user.tab();
    // Nothing rewritten, and each line says why.
    expect(amountA).toHaveValue('-5');
    expect(amountB).toHaveValue('1.239');
    const money = '请输入正确的金额：不带正负号，最多两位小数';
    expect(within(panel).getByTestId(`pay-bills-error-${a.id}`)).toHaveTextContent(money);
    expect(within(panel).getByTestId(`pay-bills-error-${b.id}`)).toHaveTextContent(money);
    await user.type(await within(panel).findByLabelText('短信验证码'), '123456');
    await user.click(within(panel).getByTestId('pay-bills-submit'));
    expect(amountA).toHaveValue('-5');
    expect(amountB).toHaveValue('1.239');
    expect(api.callsTo('POST', '/api/settlement/payments')).toHaveLength(0);

    // 0 and more than is open: the money fields' other messages.
    await user.clear(amountA);
    await user.type(amountA, '0');
    await waitFor(() => expect(within(panel).getByTestId(`pay-bills-error-${a.id}`)).toHaveTextContent('金额必须大于 0'));
    await user.clear(amountB);
    await user.type(amountB, '2000.01');
    await waitFor(() => expect(within(panel).getByTestId(`pay-bills-error-${b.id}`)).toHaveTextContent('不能超过未付金额 2,000.00 元'));

    // Fixed, the errors go and the payment is sent with what was typed.
    await user.clear(amountA);
    await user.type(amountA, '500.5');
    await user.clear(amountB);
    await user.type(amountB, '2000');
    expect(within(panel).queryByTestId(`pay-bills-error-${a.id}`)).toBeNull();
    expect(within(panel).queryByTestId(`pay-bills-error-${b.id}`)).toBeNull();
    expect(within(panel).getByTestId('pay-bills-total')).toHaveTextContent('2,500.50');
    await user.click(within(panel).getByTestId('pay-bills-submit'));
    await waitFor(() => expect(api.callsTo('POST', '/api/settlement/payments')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/settlement/payments')[0].body).toMatchObject({
      items: [
        { billId: a.id, amount: '500.5' },
        { billId: b.id, amount: '2000' },
      ],
    });
    expect(await screen.findByTestId('pay-bills-done')).toHaveTextContent('付款成功');
  });
});
