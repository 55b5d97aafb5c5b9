// Receipts in the console (issue 8), the server faked at fetch: a receipt prints its template's
// labels, the amount in figures and capitals, the parties, the reference and the verification
// link with its QR code; a receipt the caller may not read is a clear 404 state; the public
// verification page says genuine or not found; /contract/paymentStatus shows the payment and
// links to its receipt and back to the contract.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import contractsJson from '../../schemas/resources/contracts.json';
import type { PublicReceiptView, ReceiptView, RecordReceipt } from '../../src/shared/receipts';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { fail, ok, USER_INFO } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { findActivePane, openShell } from './support/shell';

const SLOW = { timeout: 20_000 };
const TRANSFER = '3f2a9c1b-7d4e-4a8b-9c0d-112233445566';
const CONTRACT = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const RECEIPT: ReceiptView = {
  transferId: TRANSFER,
  template: 'PaymentReleaseReceipt',
  number: 'LSF202611203F2A9C1B7D4E',
  kind: 'release',
  amount: '16000.00',
  capitals: '壹万陆仟元整',
  payer: { kind: 'account', name: '杭州回单买方有限公司', detail: 'escrow' },
  payee: { kind: 'account', name: '苏州回单卖方有限公司' },
  time: '2026-11-20T02:30:00.000Z',
  status: 'completed',
  reference: { resource: 'contracts', id: CONTRACT, number: CONTRACT, title: '螺纹钢采购合同', path: `/contract/details?id=${CONTRACT}` },
  verifyUrl: `http://localhost:8080/receipt/verify?id=${TRANSFER}&template=PaymentReleaseReceipt`,
};

describe('receipt pages', { timeout: 40_000 }, () => {
  it('prints the buyer copy of a release with its labels, capitals, reference and verification', async () => {
    const { api } = openShell(`/PaymentReleaseReceipt?id=${TRANSFER}`, { [`GET /api/receipts/${TRANSFER}`]: ok(RECEIPT) });
    expect(await screen.findByRole('heading', { name: '付款放款回单' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('receipt-amount', {}, SLOW)).toHaveTextContent('¥ 16,000.00');
    expect(screen.getByTestId('receipt-capitals')).toHaveTextContent('人民币壹万陆仟元整');
    expect(screen.getByText('付款方（买方，托管资金）')).toBeInTheDocument();
    expect(screen.getByTestId('receipt-payer')).toHaveTextContent('杭州回单买方有限公司');
    expect(screen.getByTestId('receipt-payee')).toHaveTextContent('苏州回单卖方有限公司');
    expect(screen.getByTestId('receipt-time')).toHaveTextContent('2026-11-20 10:30:00');
    expect(screen.getByTestId('receipt-reference')).toHaveTextContent(`合同《螺纹钢采购合同》，合同编号 ${CONTRACT}`);
    expect(screen.getByRole('link', { name: '查看业务记录' })).toHaveAttribute('href', `/contract/details?id=${CONTRACT}`);
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('已完成');
    expect(screen.getByTestId('receipt-number')).toHaveTextContent('LSF202611203F2A9C1B7D4E');
    expect(screen.getByTestId('receipt-verify-url')).toHaveAttribute('href', RECEIPT.verifyUrl);
    expect(document.querySelector('.receipt__verify svg')).not.toBeNull();
    expect(screen.getByRole('button', { name: /打\s*印/ }).closest('.no-print')).not.toBeNull();
    expect(document.querySelector('.shell')).toBeNull();
    // The page asked for the route's template.
    expect(api.callsTo('GET', `/api/receipts/${TRANSFER}`)[0]?.query.get('template')).toBe('PaymentReleaseReceipt');
  });

  it('shows a withdrawal to the bank account of the authentication', async () => {
    const withdrawal: ReceiptView = {
      ...RECEIPT,
      template: 'Withdrawal',
      kind: 'withdrawal',
      amount: '1234.56',
      capitals: '壹仟贰佰叁拾肆元伍角陆分',
      payer: { kind: 'account', name: '杭州回单买方有限公司' },
      payee: { kind: 'bank', name: '杭州回单买方有限公司', detail: '中国工商银行 ****3445' },
      status: 'processing',
      reference: { resource: 'withdrawals', id: CONTRACT, number: CONTRACT, path: `/report/withdrawalList/show/${CONTRACT}` },
    };
    openShell(`/Withdrawal?id=${TRANSFER}`, { [`GET /api/receipts/${TRANSFER}`]: ok(withdrawal) });
    expect(await screen.findByTestId('receipt-payee', {}, SLOW)).toHaveTextContent('杭州回单买方有限公司（中国工商银行 ****3445）');
    expect(screen.getByText('收款账户')).toBeInTheDocument();
    expect(screen.getByTestId('receipt-reference')).toHaveTextContent(`提现申请，编号 ${CONTRACT}`);
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('处理中');
  });

  // Issue 28 item 10: a payment request paid under its contract printed as a 确权结算回单, though no
  // bill was confirmed; a bill's payment (a request under a bill) keeps that title.
  it('titles a payment request paid under its contract a 请款支付回单, on the page and its tab', async () => {
    const requestPaid: ReceiptView = {
      ...RECEIPT,
      template: 'Solution',
      kind: 'requestPayment',
      status: 'completed',
      reference: { resource: 'paymentRequests', id: CONTRACT, number: CONTRACT, title: '螺纹钢采购合同', path: `/requestFunds/fundsDetail?id=${CONTRACT}` },
    };
    openShell(`/Solution?id=${TRANSFER}`, { [`GET /api/receipts/${TRANSFER}`]: ok(requestPaid) });
    expect(await screen.findByRole('heading', { name: '请款支付回单' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '确权结算回单' })).toBeNull();
    expect(screen.getByTestId('receipt-reference')).toHaveTextContent('请款单（合同《螺纹钢采购合同》）');
    await waitFor(() => expect(document.title).toMatch(/^请款支付回单 - /));
  });

  it('keeps the 确权结算回单 title for a bill paid on its own', async () => {
    openShell(`/Solution?id=${TRANSFER}`, { [`GET /api/receipts/${TRANSFER}`]: ok({ ...RECEIPT, template: 'Solution', kind: 'billPayment' }) });
    // The route's title shows while the receipt loads: the receipt's own is asserted once it is in.
    await screen.findByRole('button', { name: /打\s*印/ }, SLOW);
    expect(screen.getByRole('heading', { name: '确权结算回单' })).toBeInTheDocument();
  });

  it('says so when the receipt does not exist or is not the caller\'s', async () => {
    openShell(`/Chainpayment?id=${TRANSFER}`, { [`GET /api/receipts/${TRANSFER}`]: fail(404, '回单不存在或无权查看') });
    expect(await screen.findByText('回单不存在或无权查看', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '链付支付回单' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /打\s*印/ })).toBeNull();
  });
});

describe('/receipt/verify (public)', { timeout: 40_000 }, () => {
  const genuine: PublicReceiptView = { genuine: true, template: 'Chainpayment', number: 'LSF202611203F2A9C1B7D4E', amount: '800.00', capitals: '捌佰元整', payer: '杭州回单买方有限公司', payee: '链上付平台（保证金托管账户）', time: '2026-11-20T02:30:00.000Z' };

  it('shows a genuine receipt with only what it prints', async () => {
    const { api } = openShell(`/receipt/verify?id=${TRANSFER}&template=Chainpayment`, { [`GET /api/public/receipts/${TRANSFER}`]: ok(genuine) });
    expect(await screen.findByText('真实有效', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('链付支付回单')).toBeInTheDocument();
    expect(screen.getByText('¥ 800.00')).toBeInTheDocument();
    expect(screen.getByText('人民币捌佰元整')).toBeInTheDocument();
    expect(screen.getByText('链上付平台（保证金托管账户）')).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/public/receipts/${TRANSFER}`)[0]?.query.get('template')).toBe('Chainpayment');
  });

  it('names a payment request paid under its contract a 请款支付回单, as the receipt prints it', async () => {
    const request: PublicReceiptView = { ...genuine, template: 'Solution', kind: 'requestPayment', payee: '江苏回单卖方有限公司' };
    openShell(`/receipt/verify?id=${TRANSFER}&template=Solution`, { [`GET /api/public/receipts/${TRANSFER}`]: ok(request) });
    expect(await screen.findByText('真实有效', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('请款支付回单')).toBeInTheDocument();
    expect(screen.queryByText('确权结算回单')).toBeNull();
  });

  it('says a receipt the server does not know is not genuine', async () => {
    openShell(`/receipt/verify?id=${TRANSFER}`, { [`GET /api/public/receipts/${TRANSFER}`]: fail(404, '未找到该回单') });
    expect(await screen.findByText('未找到该回单', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('真实有效')).toBeNull();
  });
});

describe('/contract/paymentStatus', { timeout: 40_000 }, () => {
  // Its "paid" states are the contract definition's (states.paid).
  const contracts = contractsJson as unknown as ResourceDefinition;
  const contract = { id: CONTRACT, accountId: 'acc-1', state: 'collateralPaid', version: 3, title: '螺纹钢采购合同', collateralAmount: '16000.00', source: 'purchaseOffer', parties: { buyer: 'acc-1', seller: 'acc-2' }, createdAt: '', createdBy: '', updatedAt: '', updatedBy: '' };
  const paid: RecordReceipt = { transferId: TRANSFER, kind: 'collateral', template: 'Chainpayment', amount: '16000.00', time: '2026-11-20T02:30:00.000Z', path: `/Chainpayment?id=${TRANSFER}` };

  it('shows the payment, the escrow status and the way to its receipt and back to the contract', async () => {
    openShell(`/contract/paymentStatus?resource=contracts&id=${CONTRACT}&action=payCollateral&from=%2Fcontract%2Fcontractbuy`, {
      'GET /api/system/users/info': ok({ ...USER_INFO, authStatus: 'approved' }),
      [`GET /api/rest/contracts/${CONTRACT}`]: bare(contract),
      'GET /api/meta/resources': ok([contracts]),
      'GET /api/receipts': ok([paid]),
      [`GET /api/receipts/${TRANSFER}`]: ok({ ...RECEIPT, template: 'Chainpayment', kind: 'collateral', status: 'inEscrow' }),
    });
    const pane = await findActivePane();
    expect(await within(pane).findByText('支付成功', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByTestId('payment-amount')).toHaveTextContent('16,000.00');
    expect(within(pane).getByText(CONTRACT)).toBeInTheDocument();
    expect(await within(pane).findByText('托管中', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: '查看支付回单' })).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: '返回合同' })).toBeInTheDocument();
  });

  it('says the collateral is not paid for a contract still to pay', async () => {
    openShell(`/contract/paymentStatus?id=${CONTRACT}`, {
      'GET /api/system/users/info': ok({ ...USER_INFO, authStatus: 'approved' }),
      [`GET /api/rest/contracts/${CONTRACT}`]: bare({ ...contract, state: 'signed' }),
      'GET /api/meta/resources': ok([contracts]),
      'GET /api/receipts': ok([]),
    });
    const pane = await findActivePane();
    expect(await within(pane).findByText('该合同尚未支付保证金', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: '查看支付回单' })).toBeNull();
  });
});
