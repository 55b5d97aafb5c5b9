// The account's money in the console (issue 8): /payment/RecordTabs shows the balances of
// GET /api/funds/wallet as money, the ways to deposit and withdraw, and the account's latest
// flows (the ledger), deposits and withdrawals; home shows the balances and the 30-day chart to a
// role that sees funds and not to ops.
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import accountFlows from '../../schemas/resources/accountFlows.json';
import contracts from '../../schemas/resources/contracts.json';
import deposits from '../../schemas/resources/deposits.json';
import objectionDeposits from '../../schemas/resources/objectionDeposits.json';
import withdrawals from '../../schemas/resources/withdrawals.json';
import type { Profile } from '../../src/shared/api';
import { roleFor } from '../../src/shared/permissions';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { ok, PROFILE, USER_INFO } from './support/fakeApi';
import { location } from './support/renderApp';
import { findActivePane, openShell, OWNER } from './support/shell';

const SLOW = { timeout: 20_000 };
const WALLET = { available: '1234567.50', held: '300.00', escrow: '16000.00', objectionDeposits: '0.00' };
const APPROVED = { ...USER_INFO, authStatus: 'approved' as const };
const OPS: Profile = { ...PROFILE, name: '运营', role: roleFor('ops') };

// 30 days: 5000.00 in on the 21st, 16000.00 out on the 22nd.
const DAILY = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10);
  return { day, inflow: day === '2026-11-21' ? '5000.00' : '0.00', outflow: day === '2026-11-22' ? '16000.00' : '0.00' };
});

const record = (id: string, extra: Record<string, unknown>) => ({
  id,
  accountId: 'a-1',
  version: 1,
  createdAt: '2026-11-20T02:30:00.000Z',
  createdBy: 'u-1',
  updatedAt: '2026-11-20T02:30:00.000Z',
  updatedBy: 'u-1',
  ...extra,
});

const routes = () => ({
  'GET /api/funds/wallet': ok(WALLET),
  'GET /api/meta/resources': ok([accountFlows, contracts, deposits, withdrawals] as unknown as ResourceDefinition[]),
  'GET /api/r/accountFlows': ok({
    records: [
      record('f-2', { transferId: 't-2', kind: 'collateral', direction: 'out', amount: '16000.00', state: 'pending', business: { resource: 'contracts', id: 'c-1', title: '螺纹钢采购合同' }, receipt: '/Chainpayment?id=t-2' }),
      record('f-1', { transferId: 't-1', kind: 'deposit', direction: 'in', amount: '5000.00', state: 'posted', business: { resource: 'deposits', id: 'd-1' } }),
    ],
    total: 2,
  }),
  'GET /api/funds/flows/daily': ok(DAILY),
  'GET /api/r/deposits': ok({ records: [record('d-1', { amount: '5000.00', reference: 'REF20261119', transferDate: '2026-11-19', state: 'confirmed' })], total: 1 }),
  'GET /api/r/withdrawals': ok({ records: [record('w-1', { amount: '300.00', bankAccount: '6222020200112233445', state: 'processing' })], total: 1 }),
});

describe('/payment/RecordTabs', { timeout: 60_000 }, () => {
  it('shows the balances as money, the deposit and withdrawal entries, and the latest records', async () => {
    const { api, user } = openShell('/payment/RecordTabs', routes(), OWNER, APPROVED);
    const pane = await findActivePane();
    const available = await within(pane).findByTestId('wallet-available', {}, SLOW);
    expect(available).toHaveTextContent('可用余额（元）');
    expect(available).toHaveTextContent('1,234,567.50');
    expect(within(pane).getByTestId('wallet-held')).toHaveTextContent('300.00');
    expect(within(pane).getByTestId('wallet-escrow')).toHaveTextContent('16,000.00');
    expect(within(pane).getByTestId('wallet-objectionDeposits')).toHaveTextContent('0.00');

    // The ledger flows first, newest first: kind, direction and state in words, the business
    // record and the receipt as links.
    const collateral = (await within(pane).findByText('支付保证金', {}, SLOW)).closest('tr')!;
    expect(within(collateral).getByText('16,000.00')).toBeInTheDocument();
    expect(within(collateral).getByText('支出')).toBeInTheDocument();
    expect(within(collateral).getByText('处理中')).toBeInTheDocument();
    expect(within(pane).getByRole('link', { name: '螺纹钢采购合同' })).toHaveAttribute('href', '/contract/details?id=c-1');
    expect(within(pane).getByRole('link', { name: '回单' })).toHaveAttribute('href', '/Chainpayment?id=t-2');
    // A deposit's line names its record by its kind of record and has no receipt.
    expect(within(pane).getByRole('link', { name: '充值' })).toHaveAttribute('href', '/payment/deposits/show/d-1');
    expect(within(pane).getAllByRole('link', { name: '回单' })).toHaveLength(1);
    expect(api.callsTo('GET', '/api/r/accountFlows')[0].query.get('sort')).toBe('-createdAt');

    // The account's deposits, newest first, each opening its page.
    await user.click(within(pane).getByRole('tab', { name: '充值记录' }));
    await within(pane).findByRole('tabpanel', { name: '充值记录' });
    expect(await within(pane).findByText('REF20261119', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByText('已入账')).toBeInTheDocument();
    const query = api.callsTo('GET', '/api/r/deposits')[0].query;
    expect(query.get('sort')).toBe('-createdAt');
    expect(query.get('scope')).toBeNull();
    await user.click(within(pane).getByRole('tab', { name: '提现记录' }));
    const withdrawalsTab = await within(pane).findByRole('tabpanel', { name: '提现记录' }, SLOW);
    expect(await within(withdrawalsTab).findByText('处理中', {}, SLOW)).toBeInTheDocument();

    await user.click(await within(pane).findByRole('button', { name: /提\s*现/ }, SLOW));
    await expect.poll(location, SLOW).toBe('/report/withdrawalList/create');
  });

  it('leads to the deposit declaration', async () => {
    const { user } = openShell('/payment/RecordTabs', routes(), OWNER, APPROVED);
    const pane = await findActivePane();
    await user.click(await within(pane).findByRole('button', { name: /充\s*值/ }, SLOW));
    await expect.poll(location, SLOW).toBe('/payment/deposits/create');
  });
});

describe('balances on home', { timeout: 60_000 }, () => {
  it('shows them to a role that sees funds, with a link to the account details', async () => {
    openShell('/home', routes(), OWNER, APPROVED);
    const pane = await findActivePane();
    expect(await within(pane).findByText('1,234,567.50', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByRole('link', { name: '账户明细' })).toHaveAttribute('href', '/payment/RecordTabs');
    // The last 30 days: the totals in words, the chart, and each day's figures in its data table.
    expect(await within(pane).findByText('近 30 天收入 5,000.00 元，支出 16,000.00 元', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByRole('img', { name: '近 30 天收支' })).toBeInTheDocument();
    const table = within(pane).getByRole('table', { name: '近 30 天收支' });
    expect(within(table).getByRole('row', { name: /2026-11-21/ })).toHaveTextContent('2026-11-215,000.000.00');
    expect(within(table).getByRole('row', { name: /2026-11-22/ })).toHaveTextContent('2026-11-220.0016,000.00');
  });

  it('leaves them out for platform operations, who hold no wallet', async () => {
    const { api } = openShell('/home', routes(), OPS, { ...APPROVED, type: 'ops' });
    const pane = await findActivePane();
    await within(pane).findByText('常用功能', {}, SLOW);
    expect(within(pane).queryByText('账户余额')).toBeNull();
    expect(api.callsTo('GET', '/api/funds/wallet')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/funds/flows/daily')).toHaveLength(0);
  });
});

describe('/report/entropyList, a report read from the ledger', { timeout: 60_000 }, () => {
  const reportRoutes = () => ({
    ...routes(),
    'GET /api/meta/resources': ok([accountFlows, contracts, deposits, objectionDeposits, withdrawals] as unknown as ResourceDefinition[]),
    'GET /api/r/objectionDeposits': ok({
      records: [
        record('o-2', { transferId: 't-4', amount: '400.00', state: 'posted', business: { resource: 'contracts', id: 'c-2', title: '罚没合同' }, receipt: '/Entropygold?id=t-4' }),
        record('o-1', { transferId: 't-3', amount: '800.00', state: 'voided', business: { resource: 'contracts', id: 'c-1', title: '退款合同' }, receipt: '/Entropygold?id=t-3', returnReceipt: '/Entropygoldrefund?id=t-5' }),
      ],
      total: 12,
      totals: { amount: '9600.00' },
    }),
  });

  it('shows the lines with their receipts, a total row over every match, and no way to add or edit', async () => {
    openShell('/report/entropyList', reportRoutes(), OWNER, APPROVED);
    const pane = await findActivePane();
    const forfeited = (await within(pane).findByText('罚没合同', {}, SLOW)).closest('tr')!;
    expect(within(forfeited).getByText('已罚没')).toBeInTheDocument();
    expect(within(forfeited).getByRole('link', { name: '缴纳回单' })).toHaveAttribute('href', '/Entropygold?id=t-4');
    const returned = within(pane).getByText('退款合同').closest('tr')!;
    expect(within(returned).getByRole('link', { name: '退还回单' })).toHaveAttribute('href', '/Entropygoldrefund?id=t-5');
    // The total is the server's, over all 12 matches, not the sum of this page.
    const totalRow = pane.querySelector('.resource-list__totals') as HTMLElement;
    expect(totalRow).toHaveTextContent('合计（全部符合条件的记录）');
    expect(within(totalRow).getByText('9,600.00')).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: /新\s*建/ })).toBeNull();
  });
});
