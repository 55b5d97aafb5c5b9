// What waits for platform operations (issue 17), on both databases: GET /api/ops/pending counts
// each queue (authentication reviews, declared deposits, submitted withdrawals, objections) as
// the queue's own list answers it, and the objections queue lists only contracts that had one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { authentications, users } from '../../src/server/db/schema';
import { bankedParty, contractStep, fund, money, signedContract } from '../support/funds';
import { loginPassword, sendCode } from '../support/flows';
import { tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('ops pending counts', () => {
  let s: TestServer;
  let ops: string;
  let buyer: TradingParty;
  let seller: TradingParty;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000071', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000071', 'Admin#2026')).body.data.access_token;
    buyer = await bankedParty(s, '待办买方有限公司');
    seller = await tradingParty(s, '待办卖方有限公司');
    await fund(s, buyer, ops, '20000.00');
  });
  afterAll(() => s?.close());

  const pending = async (token = ops) => s.call<Record<string, number>>('GET', '/api/ops/pending', { token });
  const listed = async (resource: string, query: string) =>
    (await s.call<Page<ResourceRecord>>('GET', `/api/r/${resource}?scope=ops&pageSize=100&${query}`, { token: ops })).body.data.records.map((r) => r.title ?? r.id);

  it('counts what waits in each ops queue, as the queue lists it', async () => {
    // A confirmed deposit (the funding above) waits for nothing.
    expect((await pending()).body).toMatchObject({ code: 200, data: { opsAuthentication: 0, opsDeposits: 0, opsWithdrawals: 0, opsObjections: 0 } });

    // An authentication submitted for review (as the owner's submission stores it).
    const newcomer = await tradingParty(s, '待审核企业有限公司', false);
    const [owner] = await s.ctx.db.select().from(users).where(eq(users.phone, newcomer.phone));
    await s.ctx.db.insert(authentications).values({ accountId: newcomer.accountId, kind: 'enterprise', status: 'submitted', data: { name: newcomer.name }, submittedBy: owner.id, submittedAt: s.clock.now() });
    // A declared deposit; a withdrawal submitted and one still a draft (the account's own, not ops' yet).
    const declared = await s.call<ResourceRecord>('POST', '/api/r/deposits', {
      token: buyer.token,
      body: { amount: '88.00', payerName: '杭州付款有限公司', payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: 'REF-PENDING' },
    });
    expect(declared.status).toBe(200);
    const w = (await s.call<ResourceRecord>('POST', '/api/r/withdrawals', { token: buyer.token, body: { amount: '100.00', bankAccount: '1111', remark: '待处理提现' } })).body.data;
    expect((await money(s, buyer.token, `/api/r/withdrawals/${w.id}/actions/submit`, { smsCode: await sendCode(s, buyer.phone, 'verify', buyer.token) })).status).toBe(200);
    expect((await s.call('POST', '/api/r/withdrawals', { token: buyer.token, body: { amount: '50.00', bankAccount: '1111', remark: '草稿' } })).status).toBe(200);
    // A contract in objection, and one completed without any.
    const objected = await signedContract(s, buyer, seller, '异议中的合同', { quantity: 2 });
    await contractStep(s, buyer, objected.id, 'payCollateral');
    await contractStep(s, buyer, objected.id, 'object', { objectionReason: '到货数量与合同不符' });
    const smooth = await signedContract(s, buyer, seller, '顺利完成的合同', { quantity: 1 });
    await contractStep(s, buyer, smooth.id, 'payCollateral');
    await contractStep(s, seller, smooth.id, 'deliver', { deliveryNote: '已按合同发货' });
    await contractStep(s, buyer, smooth.id, 'confirmReceipt');

    expect((await pending()).body.data).toEqual({ opsAuthentication: 1, opsDeposits: 1, opsWithdrawals: 1, opsInvoices: 0, opsObjections: 1 });
    // The queues open on the same query (the pending states, menu.json render.has).
    expect(await listed('deposits', 'state=declared')).toHaveLength(1);
    expect(await listed('withdrawals', 'state=processing')).toHaveLength(1);
    expect(await listed('contracts', 'state=objection&has=objectedAt')).toEqual(['异议中的合同']);
    // The objections queue, cleared of its pending filter, still lists only contracts that had an objection.
    expect(await listed('contracts', 'state=objection,refunded,completed&has=objectedAt')).toEqual(['异议中的合同']);
    expect(await listed('contracts', 'state=objection,refunded,completed')).toEqual(expect.arrayContaining(['异议中的合同', '顺利完成的合同']));

    // Resolving the objection empties its queue.
    await contractStep(s, ops, objected.id, 'resolveRelease', { resolution: '经核实数量无误，放款给卖方', deposit: 'refund' });
    expect((await pending()).body.data.opsObjections).toBe(0);
    expect(await listed('contracts', 'state=objection,refunded,completed&has=objectedAt')).toEqual(['异议中的合同']);
  });

  it('answers only platform operations, and refuses a field that is not the record’s', async () => {
    expect((await pending(buyer.token)).status).toBe(403);
    const bad = await s.call('GET', '/api/r/contracts?scope=ops&has=nothing', { token: ops });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data as object)).toEqual(['has']);
  });
});
