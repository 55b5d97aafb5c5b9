// Events that miss nothing (issue 27, DESIGN §10), on both databases: every kind of move writes
// exactly one event naming its mover, the stream hands them out from a position, the live stream
// (GET /api/events/stream) sends each signed-in user the moves of the records it may read and
// nothing else, resumes after Last-Event-ID, and the audit trail shows an owner its account's
// moves and the jobs' on its records, ops everything, and can be changed by nobody.
import { sql } from 'drizzle-orm';
import { EventSource } from 'eventsource';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, Page } from '../../src/shared/api';
import { chinaDay } from '../../src/shared/chinaTime';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { releaseDue } from '../../src/server/domains/funds/autoRelease';
import { readEvents, streamHead, type StreamEvent } from '../../src/server/resources/eventStream';
import type { LiveEvent } from '../../src/server/resources/live';
import { fund, money, signedContract, moneySuite } from '../support/funds';
import { sendCode } from '../support/flows';
import { addOperator } from '../support/operators';
import type { TradingParty } from '../support/trading';
import { dbAvailable, type TestServer } from '../support/server';

const ADMIN = { phone: '13800000071', password: 'Admin#Events2026' };

describe.skipIf(!dbAvailable)('events: one per move, a live stream, an audit trail', () => {
  let s: TestServer, ops: string, buyer: TradingParty, seller: TradingParty, third: TradingParty;
  moneySuite(ADMIN, { buyer: '事件买方实业有限公司', seller: '事件卖方钢铁有限公司', third: '事件无关第三方有限公司' }, '200000.00', (suite) => {
    ({ s, ops, buyer, seller, third } = suite);
  });

  const act = async (who: TradingParty, resource: string, id: string, action: string, body: Record<string, unknown> = {}, withCode = false) => {
    const smsCode = withCode ? await sendCode(s, who.phone, 'verify', who.token) : undefined;
    const res = await money(s, who.token, `/api/r/${resource}/${id}/actions/${action}`, smsCode ? { ...body, smsCode } : body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** The events after `from` (all of them, in stream order). */
  const since = async (from: string) => {
    const out: StreamEvent[] = [];
    for (let at = from; ; ) {
      const batch = await readEvents(s.ctx.db, at);
      if (!batch.length) return out;
      out.push(...batch);
      at = batch[batch.length - 1].position;
    }
  };
  const pick = (events: StreamEvent[]) => events.map((e) => ({ resource: e.resource, action: e.action, from: e.from, to: e.to, by: e.by, job: e.job, actorAccountId: e.actorAccountId }));

  let completed: { contract: ResourceRecord; bill: string } | undefined;

  it('writes exactly one event per move, naming the person or the job, in order per record', async () => {
    const c = await signedContract(s, buyer, seller, '事件合同（自动放款）', { quantity: 1 });
    let from = await streamHead(s.ctx.db);
    // An action: one event, by the buyer of the buyer's account, the record's version after it.
    const paid = await act(buyer, 'contracts', c.id, 'payCollateral', {}, true);
    let events = await since(from);
    expect(pick(events)).toEqual([{ resource: 'contracts', action: 'payCollateral', from: 'signed', to: 'collateralPaid', by: paid.updatedBy, job: null, actorAccountId: buyer.accountId }]);
    expect(events[0].version).toBe(paid.version);
    await act(seller, 'contracts', c.id, 'deliver', { deliveryNote: '已发货' });
    // The timer: the automatic release is the job's move, and the bill it issues the job's too.
    from = await streamHead(s.ctx.db);
    expect(await releaseDue(s.ctx, new Date(s.clock.now().getTime() + 8 * 86_400_000))).toBe(1);
    events = await since(from);
    expect(pick(events)).toEqual([
      { resource: 'contracts', action: 'autoRelease', from: 'delivered', to: 'completed', by: null, job: 'funds.autoRelease', actorAccountId: null },
      { resource: 'bills', action: 'create', from: null, to: 'pendingConfirmation', by: null, job: 'funds.autoRelease', actorAccountId: null },
    ]);
    completed = { contract: c, bill: events[1].recordId };
    // The record's history says who: the buyer's person with its account, the job for the timer; no phone.
    const history = (await s.call<{ events: { action: string; actor: unknown }[] }>('GET', `/api/r/contracts/${c.id}`, { token: seller.token })).body.data.events;
    expect(history.find((e) => e.action === 'payCollateral')?.actor).toEqual({ kind: 'person', name: expect.any(String) as unknown, accountName: '事件买方实业有限公司' });
    expect(history.find((e) => e.action === 'autoRelease')?.actor).toEqual({ kind: 'system', job: 'funds.autoRelease' });
    expect(JSON.stringify(history)).not.toContain(buyer.phone);
    // A record's events come in the order of its versions.
    const mine = (await since('0:0')).filter((e) => e.recordId === c.id);
    expect(mine.map((e) => e.version)).toEqual([...mine.map((e) => e.version)].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(mine.map((e) => e.action).slice(-3)).toEqual(['payCollateral', 'deliver', 'autoRelease']);
  });

  it('writes one event per bill when several are paid at once, and one per record when records expire', async () => {
    // Two more bills under a new completed contract, both confirmed by the buyer.
    const c = await signedContract(s, buyer, seller, '事件合同（多笔账单）', { quantity: 1 });
    const bills: string[] = [];
    for (const amount of ['100.00', '200.00']) {
      const res = await s.call<ResourceRecord>('POST', '/api/r/bills', { token: seller.token, body: { contractId: c.id, amount, dueDay: chinaDay(new Date(s.clock.now().getTime() + 86_400_000)) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      bills.push(res.body.data.id);
      await act(buyer, 'bills', res.body.data.id, 'confirm', {}, true);
    }
    let from = await streamHead(s.ctx.db);
    const smsCode = await sendCode(s, buyer.phone, 'verify', buyer.token);
    const paid = await money(s, buyer.token, '/api/settlement/payments', { items: bills.map((billId) => ({ billId, amount: '50.00' })), smsCode });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    let events = await since(from);
    expect(events.map((e) => [e.recordId, e.action, e.to])).toEqual([...bills].sort().map((id) => [id, 'pay', 'partiallyPaid']));
    expect(new Set(events.map((e) => e.input.paymentId)).size).toBe(1);
    // Expiry: past their due day, the first request on bills moves both overdue, one event each, the job's.
    // The position first: the reminders job may expire them on its own tick as soon as the clock moves.
    from = await streamHead(s.ctx.db);
    s.clock.advance(2 * 86_400_000);
    expect((await s.call('GET', '/api/r/bills?scope=payer', { token: buyer.token })).status).toBe(200);
    events = (await since(from)).filter((e) => bills.includes(e.recordId));
    expect(pick(events)).toEqual(bills.map(() => ({ resource: 'bills', action: 'expire', from: 'partiallyPaid', to: 'overdue', by: null, job: 'resources.expiry', actorAccountId: null })));
  });

  /** A live stream of `who`, collecting its record events. */
  const listen = (who: { token: string }) => {
    const got: LiveEvent[] = [];
    const es = new EventSource(`${s.baseUrl}/api/events/stream`, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: who.token } }),
    });
    const ready = new Promise<void>((resolve) => es.addEventListener('ready', () => resolve()));
    es.addEventListener('record', (m) => got.push(JSON.parse(m.data) as LiveEvent));
    return { got, ready, close: () => es.close() };
  };

  it('streams each user the moves of the records it may read, within 2 s, and nothing of another account', async () => {
    const mine = listen(buyer);
    const theirs = listen(third);
    const opsStream = listen({ token: ops });
    await Promise.all([mine.ready, theirs.ready, opsStream.ready]);
    const c = await signedContract(s, buyer, seller, '事件合同（实时）', { quantity: 1 });
    const started = Date.now();
    await act(buyer, 'contracts', c.id, 'payCollateral', {}, true);
    await expect.poll(() => mine.got.find((e) => e.id === c.id && e.action === 'payCollateral'), { timeout: 2000, interval: 50 }).toMatchObject({ resource: 'contracts', from: 'signed', to: 'collateralPaid', bySystem: false });
    expect(Date.now() - started).toBeLessThan(2500);
    // Ops read every contract; the third account none of these.
    await expect.poll(() => opsStream.got.some((e) => e.id === c.id && e.action === 'payCollateral'), { timeout: 2000 }).toBe(true);
    // Its own moves reach the third account, so its stream is live: nothing of the buyer's came before.
    const own = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: third.token, body: { title: '第三方自己的采购', category: 'steel', quantity: 10, unit: '吨', unitPrice: '100.00', validUntil: '2026-12-31', deliveryDate: '2026-12-31' } });
    if (own.status === 200) await expect.poll(() => theirs.got.some((e) => e.id === own.body.data.id), { timeout: 2000 }).toBe(true);
    expect(theirs.got.filter((e) => e.id === c.id)).toEqual([]);
    expect(theirs.got.every((e) => e.resource === 'purchaseOffers')).toBe(true);
    mine.close();
    theirs.close();
    opsStream.close();
  });

  it('resumes after Last-Event-ID with the moves made while disconnected, and refuses a stream without a session', async () => {
    expect((await fetch(`${s.baseUrl}/api/events/stream`)).status).toBe(401);
    const position = await streamHead(s.ctx.db);
    const c = await signedContract(s, buyer, seller, '事件合同（续传）', { quantity: 1 });
    await act(buyer, 'contracts', c.id, 'payCollateral', {}, true);
    const controller = new AbortController();
    const res = await fetch(`${s.baseUrl}/api/events/stream`, { headers: { authorization: buyer.token, 'last-event-id': position }, signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    const deadline = Date.now() + 5000;
    // What came while disconnected is sent first; the stream then stays open for what comes next.
    while (!text.includes('"payCollateral"') && Date.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    // Every move of the contract since the position, in order: its creation, the two signatures, the payment.
    const moves = [...text.matchAll(/event: record\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]) as LiveEvent).filter((e) => e.id === c.id);
    expect(moves.map((e) => e.action)).toEqual(['create', 'sign', 'sign', 'payCollateral']);
    expect(text).toMatch(/^id: \d+:\d+$/m);
  });

  it("shows an owner its account's moves and the jobs' on its records; ops everything; nobody may change it", async () => {
    const trail = async (token: string, query = '') => s.call<Page<AuditEntry>>('GET', `/api/audit?pageSize=100${query}`, { token });
    const buyerTrail = (await trail(buyer.token)).body.data;
    expect(buyerTrail.records.some((e) => e.action === 'payCollateral' && e.actor.kind === 'person' && e.actor.accountId === buyer.accountId)).toBe(true);
    // The job's release of the buyer's contract is in the buyer's trail, named.
    expect(buyerTrail.records.find((e) => e.recordId === completed!.contract.id && e.action === 'autoRelease')?.actor).toEqual({ kind: 'system', job: 'funds.autoRelease' });
    // Nothing by the seller's people is in the buyer's trail; nothing of the buyer's in the third's.
    expect(buyerTrail.records.some((e) => e.actor.kind === 'person' && e.actor.accountId !== buyer.accountId)).toBe(false);
    expect((await trail(third.token)).body.data.records.some((e) => e.recordId === completed!.contract.id)).toBe(false);
    // Filters.
    const systemOnly = (await trail(buyer.token, '&actor=system&resource=contracts')).body.data.records;
    expect(systemOnly.length).toBeGreaterThan(0);
    expect(systemOnly.every((e) => e.actor.kind === 'system' && e.resource === 'contracts')).toBe(true);
    const sellerTrail = (await trail(ops, `&accountId=${seller.accountId}&action=deliver`)).body.data.records;
    expect(sellerTrail.length).toBeGreaterThan(0);
    expect(sellerTrail.every((e) => e.action === 'deliver' && e.actor.kind === 'person' && e.actor.accountId === seller.accountId)).toBe(true);
    expect((await s.call('GET', '/api/audit?from=2026-12-02&to=2026-12-01', { token: buyer.token })).status).toBe(400);
    expect((await s.call('GET', '/api/audit?resource=nothing', { token: buyer.token })).status).toBe(400);
    expect((await s.call('GET', `/api/audit?accountId=${seller.accountId}`, { token: buyer.token })).status).toBe(400);
    // An operator is not the owner: the account's trail is the owner's to read.
    const viewer = await addOperator(s, buyer.phone, 'viewer');
    expect((await s.call('GET', '/api/audit', { token: viewer.token })).status).toBe(403);
    // Export in the reader's language.
    const csv = await fetch(`${s.baseUrl}/api/audit/export?format=csv&resource=contracts`, { headers: { authorization: buyer.token } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('操作人');
    expect(text).toContain('自动放款');
    // Append-only: the database refuses to change an event.
    await expect(s.ctx.db.execute(sql`update resource_events set action = 'forged' where record_id = ${completed!.contract.id}`)).rejects.toThrow();
    await fund(s, third, ops, '10.00');
  });
});
