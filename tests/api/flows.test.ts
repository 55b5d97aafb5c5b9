// The account's flows (issue 8, /payment/RecordTabs) over the API, on both databases: a
// read-only resource listed from the ledger (a list source): one line per movement of the
// wallet, its state following how a hold ended, each linking to its business record and receipt,
// filtered, sorted, counted and exported like any list; another account sees none of them.
// Also the home chart's daily inflow and outflow.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/ledger/invariants';
import { repoRoot } from '../../src/server/paths';
import type { DailyFlowView, Page } from '../../src/shared/api';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { bankedParty, contractStep, fund, money, signedContract, wallet } from '../support/funds';
import { loginPassword, sendCode } from '../support/flows';
import { tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('account flows: the ledger as a list', () => {
  let s: TestServer;
  let ops: string;
  let buyer: TradingParty;
  let seller: TradingParty;
  let stranger: TradingParty;
  let contract: ResourceRecord;
  let withdrawalId: string;
  let depositId: string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000061', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000061', 'Admin#2026')).body.data.access_token;
    buyer = await bankedParty(s, '杭州流水买方有限公司');
    seller = await tradingParty(s, '苏州流水卖方有限公司');
    stranger = await tradingParty(s, '宁波无关有限公司');
    depositId = (await fund(s, buyer, ops, '50000.00')).id;
    // A withdrawal held, then failed by ops: one line, returned.
    s.clock.advance(60_000);
    const requested = await s.call<ResourceRecord>('POST', '/api/r/withdrawals', { token: buyer.token, body: { amount: '300.00' } });
    expect(requested.status).toBe(200);
    withdrawalId = requested.body.data.id;
    const smsCode = await sendCode(s, buyer.phone, 'verify', buyer.token);
    expect((await money(s, buyer.token, `/api/r/withdrawals/${withdrawalId}/actions/submit`, { smsCode })).status).toBe(200);
    expect((await money(s, ops, `/api/r/withdrawals/${withdrawalId}/actions/fail`, { reason: '收款账户户名不符' })).status).toBe(200);
    // A contract paid, delivered and released: the buyer's collateral line, the seller's release line.
    s.clock.advance(60_000);
    contract = await signedContract(s, buyer, seller, '流水测试钢材合同');
    s.clock.advance(86_400_000); // fresh SMS allowance
    const act = async (who: TradingParty, action: string, body: Record<string, unknown> = {}, withCode = false) =>
      money(s, who.token, `/api/r/contracts/${contract.id}/actions/${action}`, withCode ? { ...body, smsCode: await sendCode(s, who.phone, 'verify', who.token) } : body);
    expect((await act(buyer, 'payCollateral', {}, true)).status).toBe(200);
    expect((await act(seller, 'deliver', { deliveryNote: '已发货' })).status).toBe(200);
    expect((await act(buyer, 'confirmReceipt', {}, true)).status).toBe(200);
  });
  afterAll(() => s?.close());

  const flows = async (token: string, query = '') => {
    const res = await s.call<Page<ResourceRecord>>('GET', `/api/r/accountFlows${query}`, { token });
    expect(res.status, query).toBe(200);
    return res.body.data;
  };

  it('lists every movement of the wallet once, newest first, the hold and its end as one line', async () => {
    const page = await flows(buyer.token);
    const collateral = contract.collateralAmount as string;
    expect(page.records.map((r) => [r.kind, r.direction, r.amount, r.state])).toEqual([
      ['collateral', 'out', collateral, 'posted'],
      ['withdrawal', 'out', '300.00', 'voided'],
      ['deposit', 'in', '50000.00', 'posted'],
    ]);
    expect(page.total).toBe(3);
    // The figures agree with the wallet: 50000 in, the collateral released to the seller, the withdrawal returned.
    expect((await wallet(s, buyer.token)).available).toBe((50000 - Number(collateral)).toFixed(2));
    const sellerPage = await flows(seller.token);
    expect(sellerPage.records.map((r) => [r.kind, r.direction, r.amount, r.state])).toEqual([['release', 'in', collateral, 'posted']]);
    expect((await flows(stranger.token)).records).toEqual([]);
  });

  it('links each line to its business record and its receipt', async () => {
    const [collateral, withdrawal, deposit] = (await flows(buyer.token)).records;
    expect(collateral.business).toEqual({ resource: 'contracts', id: contract.id, title: '流水测试钢材合同' });
    expect(collateral.receipt).toBe(`/Chainpayment?id=${collateral.transferId}`);
    expect(withdrawal.business).toEqual({ resource: 'withdrawals', id: withdrawalId });
    expect(withdrawal.receipt).toBe(`/Withdrawal?id=${withdrawal.transferId}`);
    expect(deposit.business).toEqual({ resource: 'deposits', id: depositId });
    // A deposit has no receipt page of its own.
    expect(deposit.receipt).toBeUndefined();
    const [release] = (await flows(seller.token)).records;
    expect(release.receipt).toBe(`/ReleaseReceipt?id=${release.transferId}`);
    // The receipt it links to is the seller's to open.
    expect((await s.call('GET', `/api/receipts/${release.transferId}?template=ReleaseReceipt`, { token: seller.token })).status).toBe(200);
  });

  it('filters by kind, direction, state, date and amount, and sorts by amount', async () => {
    const kinds = async (query: string) => (await flows(buyer.token, query)).records.map((r) => r.kind);
    expect(await kinds('?kind=deposit')).toEqual(['deposit']);
    expect(await kinds('?direction=out')).toEqual(['collateral', 'withdrawal']);
    expect(await kinds('?state=voided')).toEqual(['withdrawal']);
    expect(await kinds('?amount=1000,60000')).toEqual(['collateral', 'deposit']);
    expect(await kinds('?sort=amount')).toEqual(['withdrawal', 'collateral', 'deposit']);
    const today = new Date(s.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await kinds(`?createdAt=${today},${today}`)).toEqual(['collateral']);
    expect(await kinds('?createdAt=2020-01-01,2020-01-31')).toEqual([]);
    // Bad filters are a 400 naming the parameter, as on every list.
    const bad = await s.call('GET', '/api/r/accountFlows?kind=lottery&nonsense=1', { token: buyer.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['kind', 'nonsense']);
  });

  it('opens one line by id for its account only', async () => {
    const [collateral] = (await flows(buyer.token)).records;
    const one = await s.call<ResourceRecord>('GET', `/api/r/accountFlows/${collateral.id}`, { token: buyer.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ kind: 'collateral', amount: collateral.amount, state: 'posted' });
    expect((await s.call('GET', `/api/r/accountFlows/${collateral.id}`, { token: seller.token })).status).toBe(404);
    expect((await s.call('GET', `/api/r/accountFlows/${collateral.id}`, { token: stranger.token })).status).toBe(404);
  });

  it('is read-only: no create, edit, delete, and the definition offers no form', async () => {
    const [line] = (await flows(buyer.token)).records;
    expect((await s.call('POST', '/api/r/accountFlows', { token: buyer.token, body: { kind: 'deposit', direction: 'in', amount: '1.00' } })).status).toBe(403);
    expect((await s.call('PUT', `/api/r/accountFlows/${line.id}`, { token: buyer.token, body: { version: 1, amount: '1.00' } })).status).toBe(403);
    expect((await s.call('DELETE', `/api/r/accountFlows/${line.id}`, { token: buyer.token })).status).toBe(403);
    expect((await flows(buyer.token)).total).toBe(3);
    const definitions = (await s.call<ResourceDefinition[]>('GET', '/api/meta/resources', { token: buyer.token })).body.data;
    const definition = definitions.find((d) => d.name === 'accountFlows')!;
    expect(definition).toMatchObject({ source: 'ledger.accountFlows', form: { fields: [] } });
    expect(definition.actions).toBeUndefined();
  });

  it('exports the filtered lines with labels, money and the business record', async () => {
    const res = await fetch(`${s.baseUrl}/api/r/accountFlows/export?format=csv&direction=out`, { headers: { authorization: buyer.token } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('发生时间,业务类型,收支,金额（元）,状态,业务单据,回单');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',支付保证金,支出,');
    expect(lines[1]).toContain(',已完成,流水测试钢材合同,/Chainpayment?id=');
    expect(lines[2]).toContain(',提现,支出,300.00,已退回,');
  });

  it('keeps a statement line per movement, which the migration rebuilds from the transfers alone', async () => {
    expect((await checkLedger(s.ctx.db, s.ctx.ledgerInvariants)).linesMatchTransfers).toEqual([]);
    const before = await flows(buyer.token);
    // The backfill of drizzle/0011_ledger_lines.sql (its last statement), on this ledger's transfers.
    const migration = fs.readFileSync(path.join(repoRoot, 'drizzle/0011_ledger_lines.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await s.ctx.db.execute(sql`delete from ledger_lines`);
    expect((await flows(buyer.token)).records).toEqual([]);
    await s.ctx.db.execute(sql.raw(backfill));
    expect(await flows(buyer.token)).toEqual(before);
    expect((await checkLedger(s.ctx.db, s.ctx.ledgerInvariants)).linesMatchTransfers).toEqual([]);
  });

  it('charts the last 30 China days of inflow and outflow; a returned hold moved nothing', async () => {
    const res = await s.call<DailyFlowView[]>('GET', '/api/funds/flows/daily', { token: buyer.token });
    expect(res.status).toBe(200);
    const days = res.body.data;
    expect(days).toHaveLength(30);
    const today = new Date(s.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(days.at(-1)!.day).toBe(today);
    const total = (key: 'inflow' | 'outflow') => days.reduce((sum, d) => sum + Number(d[key]), 0).toFixed(2);
    expect(total('inflow')).toBe('50000.00');
    expect(total('outflow')).toBe(contract.collateralAmount);
    expect(days.at(-1)).toEqual({ day: today, inflow: '0.00', outflow: contract.collateralAmount });
    const seller30 = (await s.call<DailyFlowView[]>('GET', '/api/funds/flows/daily', { token: seller.token })).body.data;
    expect(seller30.at(-1)).toEqual({ day: today, inflow: contract.collateralAmount, outflow: '0.00' });
    expect((await s.call('GET', '/api/funds/flows/daily')).status).toBe(401);
  });

  describe('reports: releases and refunds, objection deposits', () => {
    let refunded: ResourceRecord;
    let forfeited: ResourceRecord;
    beforeAll(async () => {
      s.clock.advance(86_400_000);
      const act = (who: TradingParty | string, id: string, action: string, body: Record<string, unknown> = {}) => contractStep(s, who, id, action, body);
      // An objection upheld: the collateral refunded, the deposit returned.
      refunded = await signedContract(s, buyer, seller, '退款报表合同', { quantity: 10 });
      await act(buyer, refunded.id, 'payCollateral');
      await act(seller, refunded.id, 'deliver', { deliveryNote: '已发货' });
      await act(buyer, refunded.id, 'object', { objectionReason: '到货规格与合同不符' });
      await act(ops, refunded.id, 'resolveRefund', { resolution: '规格不符，退还买方', deposit: 'refund' });
      // An objection rejected: the collateral released to the seller, the deposit forfeited.
      s.clock.advance(60_000);
      forfeited = await signedContract(s, buyer, seller, '罚没报表合同', { quantity: 5 });
      await act(buyer, forfeited.id, 'payCollateral');
      await act(buyer, forfeited.id, 'object', { objectionReason: '尚未收到货物' });
      await act(ops, forfeited.id, 'resolveRelease', { resolution: '签收记录齐全，异议不成立', deposit: 'forfeit' });
    });

    const list = async (resource: string, token: string, query = '') => {
      const res = await s.call<Page<ResourceRecord>>('GET', `/api/r/${resource}${query}`, { token });
      expect(res.status, query).toBe(200);
      return res.body.data;
    };

    it('lists how each escrowed collateral ended, with totals over every match', async () => {
      const mine = await list('escrowSettlements', buyer.token);
      expect(mine.records.map((r) => [r.kind, r.direction, r.amount, (r.business as { title: string }).title])).toEqual([
        ['collateralPosted', 'out', forfeited.collateralAmount, '罚没报表合同'],
        ['refund', 'in', refunded.collateralAmount, '退款报表合同'],
        ['collateralPosted', 'out', contract.collateralAmount, '流水测试钢材合同'],
      ]);
      const sum = (...amounts: unknown[]) => amounts.reduce<number>((a, b) => a + Number(b), 0).toFixed(2);
      expect(mine.totals).toEqual({ amount: sum(forfeited.collateralAmount, refunded.collateralAmount, contract.collateralAmount) });
      // Totals follow the filters, over every match, not the page.
      const paidOut = await list('escrowSettlements', buyer.token, '?kind=collateralPosted&pageSize=1');
      expect(paidOut.records).toHaveLength(1);
      expect(paidOut.totals).toEqual({ amount: sum(forfeited.collateralAmount, contract.collateralAmount) });
      expect((await list('escrowSettlements', buyer.token, '?kind=refund')).records[0].receipt).toMatch(/^\/ReleaseReceipt\?id=/);
      // The seller's side: the releases it received.
      const theirs = await list('escrowSettlements', seller.token);
      expect(theirs.records.map((r) => [r.kind, r.amount])).toEqual([
        ['release', forfeited.collateralAmount],
        ['release', contract.collateralAmount],
      ]);
      expect(theirs.records[0].receipt).toMatch(/^\/ReleaseReceipt\?id=/);
      expect((await list('escrowSettlements', stranger.token)).totals).toEqual({ amount: '0.00' });
    });

    it('lists the objection deposits, returned or forfeited, with their receipts', async () => {
      const page = await list('objectionDeposits', buyer.token);
      expect(page.records.map((r) => [(r.business as { title: string }).title, r.amount, r.state])).toEqual([
        ['罚没报表合同', '400.00', 'posted'],
        ['退款报表合同', '800.00', 'voided'],
      ]);
      expect(page.totals).toEqual({ amount: '1200.00' });
      const [kept, returned] = page.records;
      expect(kept.receipt).toBe(`/Entropygold?id=${kept.transferId}`);
      expect(kept.returnReceipt).toBeUndefined();
      expect(returned.returnReceipt).toMatch(/^\/Entropygoldrefund\?id=/);
      expect((await s.call('GET', `/api/receipts/${new URLSearchParams(String(returned.returnReceipt).split('?')[1]).get('id')}?template=Entropygoldrefund`, { token: buyer.token })).status).toBe(200);
      expect((await list('objectionDeposits', buyer.token, '?state=voided')).totals).toEqual({ amount: '800.00' });
      expect((await list('objectionDeposits', seller.token)).records).toEqual([]);
      // Exported with the states' labels.
      const csv = await (await fetch(`${s.baseUrl}/api/r/objectionDeposits/export?format=csv`, { headers: { authorization: buyer.token } })).text();
      const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('缴纳时间,熵金（元）,状态,合同,缴纳回单,退还回单,处理时间');
      expect(lines.slice(1).map((l) => l.split(',').slice(1, 4).join(','))).toEqual(['400.00,已罚没,罚没报表合同', '800.00,已退还,退款报表合同']);
    });
  });
});
