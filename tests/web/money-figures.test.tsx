// Issue 17 defects 4 and 10: the offer and contract forms show the total and the collateral the
// server will store while the user types (the shared rule, src/shared/tradeAmounts.ts), and no
// figure for an input the server would refuse; each money dialog shows the amount, the other side
// and the balance before and after; the deposit form says where to transfer to, the withdrawal
// form the available balance and where the money goes.
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import deposits from '../../schemas/resources/deposits.json';
import withdrawals from '../../schemas/resources/withdrawals.json';
import type { FundsBankAccounts, UserInfo, WalletView } from '../../src/shared/api';
import { actionInputSchema } from '../../src/shared/resources/actionInput';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { fakeApi, ok, USER_INFO } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { baseRoutes, CONTRACTS, OFFERS_PATH, offer, profileOf, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

// As GET /api/meta/resources serves them: money steps ask for the actor's SMS code.
const served = (definition: unknown): ResourceDefinition => {
  const d = definition as ResourceDefinition;
  return { ...d, actions: d.actions?.map((action) => ({ ...action, input: actionInputSchema(action) })) };
};
const CONTRACTS_SERVED = served(CONTRACTS);
const DEPOSITS = served(deposits);
const WITHDRAWALS = served(withdrawals);
const APPROVED: UserInfo = { ...USER_INFO, authStatus: 'approved' };
const OPS_INFO: UserInfo = { ...USER_INFO, id: 'u-ops', accountId: 'a-ops', type: 'ops', authStatus: 'approved', accountName: '平台运营' };
const WALLET: WalletView = { available: '20000.00', held: '0.00', escrow: '16000.00', objectionDeposits: '0.00' };
const OWN_BANK = { accountName: '杭州链上付科技有限公司', bankName: '中国工商银行 杭州西湖支行', account: '6222020200112233445' };
const PLATFORM_BANK = { accountName: '链上付平台资金结算专户', bankName: '示例银行 杭州分行营业部', account: '6200000000000000000' };
const BANK_ACCOUNTS: FundsBankAccounts = { platform: PLATFORM_BANK, own: OWN_BANK };

const text = (testId: string, scope: HTMLElement = document.body) => within(scope).getByTestId(testId).textContent;

describe('the offer and contract forms show the server total while the user types', () => {
  it('offer: total and collateral for a valid input, none for a negative quantity, and what was typed stays', async () => {
    fakeApi({ ...baseRoutes(), 'POST /api/rest/purchaseOffers': bare(offer()) });
    const { user } = renderResource(`${OFFERS_PATH}/create`);
    await screen.findByRole('heading', { name: '新建采购报价' });
    // Nothing typed yet: no figure.
    expect(await screen.findByTestId('trade-total')).toHaveTextContent('—');
    await user.type(screen.getByLabelText('数量'), '3.33');
    await user.type(screen.getByLabelText('单价（元）'), '3.33');
    await user.type(screen.getByLabelText('保证金比例（%）'), '15');
    // 3.33 x 3.33 = 11.0889 -> 11.09; 15% of 11.09 = 1.6635 -> 1.66 (the server's figures).
    expect(text('trade-total')).toBe('11.09');
    expect(text('trade-collateral')).toBe('1.66');
    expect(screen.getByText('保证金（元，比例 15%）')).toBeInTheDocument();
    // A quantity of 1000 thousands-separated, at the fen.
    await user.clear(screen.getByLabelText('数量'));
    await user.type(screen.getByLabelText('数量'), '1000');
    expect(text('trade-total')).toBe('3,330.00');
    // Invalid: no figure rather than a wrong one, and the input is not rewritten.
    await user.clear(screen.getByLabelText('数量'));
    await user.type(screen.getByLabelText('数量'), '-5');
    expect(text('trade-total')).toBe('—');
    expect(text('trade-collateral')).toBe('—');
    expect(screen.getByLabelText('数量')).toHaveValue('-5');
    await user.clear(screen.getByLabelText('数量'));
    await user.type(screen.getByLabelText('数量'), '1.234');
    expect(text('trade-total')).toBe('—');
    expect(screen.getByLabelText('数量')).toHaveValue('1.234');
  });

  it('contract sent directly: the collateral follows the ratio; a ratio over 100 shows none', async () => {
    fakeApi({ ...baseRoutes('owner', [CONTRACTS]), 'POST /api/rest/contracts': bare({}) });
    const { user } = renderResource('/contractUpdate/initiateContract/create', { resource: 'contracts', routePath: '/contractUpdate/initiateContract' });
    await user.type(await screen.findByLabelText('数量'), '5');
    await user.type(screen.getByLabelText('单价（元）'), '4100');
    expect(await screen.findByTestId('trade-total')).toHaveTextContent('20,500.00');
    expect(text('trade-collateral')).toBe('0.00');
    await user.type(screen.getByLabelText('保证金比例（%）'), '10');
    expect(text('trade-collateral')).toBe('2,050.00');
    await user.type(screen.getByLabelText('保证金比例（%）'), '0');
    expect(screen.getByLabelText('保证金比例（%）')).toHaveValue('100');
    expect(text('trade-collateral')).toBe('20,500.00');
    await user.type(screen.getByLabelText('保证金比例（%）'), '0');
    expect(text('trade-total')).toBe('—');
  });

  it('accepting an offer shows the contract amount and collateral it makes', async () => {
    const published = offer({ state: 'published', accountId: 'a-2', quantity: 12, unitPrice: '4000.00', amount: '48000.00', collateralRatio: 20 });
    fakeApi({ ...baseRoutes(), [`GET /api/rest/purchaseOffers/${published.id}`]: bare({ ...published, events: [] }) });
    const { user } = renderResource(`${OFFERS_PATH}/show/${published.id}`, { userInfo: APPROVED });
    await user.click(await screen.findByRole('button', { name: '接受报价' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('trade-total')).toHaveTextContent('48,000.00');
    expect(text('trade-collateral', dialog)).toBe('9,600.00');
  });
});

const contract = (extra: Partial<ResourceRecord>): ResourceRecord =>
  offer({
    id: '00000000-0000-4000-8000-0000000c0de1',
    title: '采购螺纹钢 购销合同',
    parties: { buyer: 'a-1', seller: 'a-2' },
    buyerName: '杭州链上付科技有限公司',
    sellerName: '苏州卖方有限公司',
    amount: '80000.00',
    collateralRatio: 20,
    collateralAmount: '16000.00',
    events: [],
    ...extra,
  });

describe('money dialogs show amount, the other side and the balance before and after', () => {
  const openContractAction = async (state: string, button: string) => {
    const c = contract({ state });
    fakeApi({ ...baseRoutes('owner', [CONTRACTS_SERVED]), [`GET /api/rest/contracts/${c.id}`]: bare(c), 'GET /api/receipts': ok([]), 'GET /api/funds/wallet': ok(WALLET) });
    const { user } = renderResource(`/contract/contractbuy/show/${c.id}`, { resource: 'contracts', routePath: '/contract/contractbuy', scope: 'buyer', userInfo: APPROVED });
    await user.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('money-before');
    return dialog;
  };

  it('pay collateral: 16,000.00 to escrow for the seller, available 20,000.00 -> 4,000.00, above the SMS code', async () => {
    const dialog = await openContractAction('signed', '支付保证金');
    expect(text('money-amount', dialog)).toBe('16,000.00');
    expect(within(dialog).getByText('大写：人民币壹万陆仟元整')).toBeInTheDocument();
    expect(text('money-party-sellerName', dialog)).toBe('苏州卖方有限公司');
    expect(within(dialog).getByText('操作前可用余额（元）')).toBeInTheDocument();
    expect(text('money-before', dialog)).toBe('20,000.00');
    expect(text('money-after', dialog)).toBe('4,000.00');
    expect(await within(dialog).findByLabelText(/验证码/)).toBeInTheDocument();
  });

  it('confirm receipt and release: the escrowed 16,000.00 goes to the seller, escrow 16,000.00 -> 0.00', async () => {
    const dialog = await openContractAction('delivered', '确认收货并放款');
    expect(text('money-amount', dialog)).toBe('16,000.00');
    expect(text('money-party-sellerName', dialog)).toBe('苏州卖方有限公司');
    expect(within(dialog).getByText('操作前托管中的保证金（元）')).toBeInTheDocument();
    expect(text('money-before', dialog)).toBe('16,000.00');
    expect(text('money-after', dialog)).toBe('0.00');
  });

  it('says when the available balance is short', async () => {
    const c = contract({ state: 'signed', collateralAmount: '25000.00' });
    fakeApi({ ...baseRoutes('owner', [CONTRACTS_SERVED]), [`GET /api/rest/contracts/${c.id}`]: bare(c), 'GET /api/receipts': ok([]), 'GET /api/funds/wallet': ok(WALLET) });
    const { user } = renderResource(`/contract/contractbuy/show/${c.id}`, { resource: 'contracts', routePath: '/contract/contractbuy', scope: 'buyer', userInfo: APPROVED });
    await user.click(await screen.findByRole('button', { name: '支付保证金' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('money-after')).toHaveTextContent('-5,000.00');
    expect(within(dialog).getByText('可用余额不足，请先充值')).toBeInTheDocument();
  });

  it('withdraw: the amount, the bank account it goes to, available before and after', async () => {
    const w = { ...contract({}), id: '00000000-0000-4000-8000-0000000a11d1', state: 'draft', amount: '300.00', ...{ bankAccountName: OWN_BANK.accountName, bankName: OWN_BANK.bankName, bankAccount: OWN_BANK.account } };
    fakeApi({ ...baseRoutes('owner', [WITHDRAWALS]), [`GET /api/rest/withdrawals/${w.id}`]: bare(w), 'GET /api/receipts': ok([]), 'GET /api/funds/wallet': ok(WALLET) });
    const { user } = renderResource(`/report/withdrawalList/show/${w.id}`, { resource: 'withdrawals', routePath: '/report/withdrawalList', userInfo: APPROVED });
    await user.click(await screen.findByRole('button', { name: '确认提现' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('money-after')).toHaveTextContent('19,700.00');
    expect(text('money-amount', dialog)).toBe('300.00');
    expect(text('money-before', dialog)).toBe('20,000.00');
    expect(text('money-party-bankAccount', dialog)).toBe('6222020200112233445');
    expect(text('money-party-bankName', dialog)).toBe('中国工商银行 杭州西湖支行');
    expect(text('money-party-bankAccountName', dialog)).toBe('杭州链上付科技有限公司');
  });

  it('ops confirm a deposit: the dialog itself shows the amount and the declaration to check, and reads no wallet', async () => {
    const d = { ...contract({}), id: '00000000-0000-4000-8000-0000000de901', accountId: 'a-1', state: 'declared', amount: '5000.00', payerName: '杭州付款有限公司', payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: 'REF20261119', accountName: '杭州链上付科技有限公司' };
    const api = fakeApi({ 'GET /api/user/info': ok(profileOf('ops')), 'GET /api/meta/resources': ok([DEPOSITS]), [`GET /api/rest/deposits/${d.id}`]: bare(d), 'GET /api/receipts': ok([]) });
    const { user } = renderResource(`/ops/deposits/show/${d.id}`, { resource: 'deposits', routePath: '/ops/deposits', scope: 'ops', userInfo: OPS_INFO });
    await user.click(await screen.findByRole('button', { name: '确认到账' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('money-amount')).toHaveTextContent('5,000.00');
    expect(within(dialog).getByText('大写：人民币伍仟元整')).toBeInTheDocument();
    expect(text('money-party-accountName', dialog)).toBe('杭州链上付科技有限公司');
    expect(text('money-party-payerName', dialog)).toBe('杭州付款有限公司');
    expect(text('money-party-payerAccount', dialog)).toBe('6222020200998877665');
    expect(text('money-party-reference', dialog)).toBe('REF20261119');
    expect(within(dialog).queryByTestId('money-before')).toBeNull();
    expect(api.callsTo('GET', '/api/funds/wallet')).toEqual([]);
  });
});

describe('the deposit and withdrawal forms say where the money goes', () => {
  it('deposit: the platform receiving account above the declaration', async () => {
    fakeApi({ ...baseRoutes('owner', [DEPOSITS]), 'GET /api/funds/bank-accounts': ok(BANK_ACCOUNTS) });
    renderResource('/payment/deposits/create', { resource: 'deposits', routePath: '/payment/deposits', userInfo: APPROVED });
    const target = await screen.findByTestId('deposit-target');
    expect(await within(target).findByText('请转账到平台收款账户')).toBeInTheDocument();
    expect(text('deposit-target-accountName', target)).toBe(PLATFORM_BANK.accountName);
    expect(text('deposit-target-bankName', target)).toBe(PLATFORM_BANK.bankName);
    expect(text('deposit-target-account', target)).toBe(PLATFORM_BANK.account);
    expect(screen.getByLabelText('充值金额（元）')).toBeInTheDocument();
  });

  it('deposit: says to ask operations when the platform has no receiving account configured', async () => {
    fakeApi({ ...baseRoutes('owner', [DEPOSITS]), 'GET /api/funds/bank-accounts': ok({ platform: null, own: null }) });
    renderResource('/payment/deposits/create', { resource: 'deposits', routePath: '/payment/deposits', userInfo: APPROVED });
    expect(await screen.findByText(/平台尚未配置收款账户/)).toBeInTheDocument();
  });

  it('withdrawal: available balance, what is left after the amount typed, and the destination account', async () => {
    fakeApi({ ...baseRoutes('owner', [WITHDRAWALS]), 'GET /api/funds/wallet': ok(WALLET), 'GET /api/funds/bank-accounts': ok(BANK_ACCOUNTS) });
    const { user } = renderResource('/report/withdrawalList/create', { resource: 'withdrawals', routePath: '/report/withdrawalList', userInfo: APPROVED });
    const target = await screen.findByTestId('withdrawal-target');
    expect(text('withdrawal-available', target)).toBe('20,000.00');
    expect(text('withdrawal-target-account', target)).toBe(OWN_BANK.account);
    expect(text('withdrawal-target-bankName', target)).toBe(OWN_BANK.bankName);
    expect(text('withdrawal-target-accountName', target)).toBe(OWN_BANK.accountName);
    await user.type(screen.getByLabelText('提现金额（元）'), '1500.5');
    expect(await within(target).findByTestId('withdrawal-after')).toHaveTextContent('18,499.50');
    // An amount the server would refuse shows no balance after it.
    await user.type(screen.getByLabelText('提现金额（元）'), '55');
    expect(within(target).queryByTestId('withdrawal-after')).toBeNull();
    expect(screen.getByLabelText('提现金额（元）')).toHaveValue('1500.555');
  });
});
