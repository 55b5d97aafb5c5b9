// Messages and todos are one consumer of the event stream (issue 27 item 5, DESIGN §10 "Events";
// src/server/consumers/): every kind of move (an action, several bills paid at once, expiry, the
// release timer, clearing, a payment request paid, a reversal) writes its news exactly once, and
// a request's news are there when its answer arrives; a consumer whose batch rolls back handles
// nothing of it and loses nothing; two nodes draining one PostgreSQL at once hand every event to
// the consumer once, in commit order per record.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDay } from '../../src/shared/chinaTime';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { drain, drainOnce, ensureConsumer, positionTxOf, type Consumer } from '../../src/server/consumers/consumer';
import { awaitHandled, catchUp } from '../../src/server/consumers/delivery';
import { NEWS } from '../../src/server/consumers/news';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/rows';
import { releaseDue } from '../../src/server/domains/funds/autoRelease';
import { CLEARING_JOB, writeDownBills } from '../../src/server/domains/settlement/clearing';
import { readEvents, type StreamEvent } from '../../src/server/resources/eventStream';
import { offerBody } from '../support/bodies';
import { sendCode } from '../support/flows';
import { money, moneySuite, signedContract } from '../support/funds';
import type { TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';

const ADMIN = { phone: '13800000071', password: 'Admin#News2026' };

describe.skipIf(!dbAvailable)('news: messages and todos as one consumer of the event stream', () => {
  let s: TestServer, ops: string, buyer: TradingParty, seller: TradingParty;
  moneySuite(ADMIN, { buyer: '消息买方实业有限公司', seller: '消息卖方钢铁有限公司', third: '消息无关第三方有限公司' }, '200000.00', (suite) => {
    ({ s, ops, buyer, seller } = suite);
  });

  const act = async (who: TradingParty | string, resource: string, id: string, action: string, body: Record<string, unknown> = {}, withCode = false) => {
    const token = typeof who === 'string' ? who : who.token;
    const smsCode = withCode && typeof who !== 'string' ? await sendCode(s, who.phone, 'verify', who.token) : undefined;
    const res = await money(s, token, `/api/r/${resource}/${id}/actions/${action}`, smsCode ? { ...body, smsCode } : body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const who = (accountId: string) => (accountId === buyer.accountId ? 'buyer' : accountId === seller.accountId ? 'seller' : accountId);

  /**
   * What the news wrote about these records, read straight from the tables (no route, so no
   * catch-up): each message as "msg:<kind>:<party>" and each todo as "todo:<kind>:<status>", counted.
   */
  const tally = async (ids: readonly string[]) => {
    const counts: Record<string, number> = {};
    const messages = await queryRows<{ kind: string; account_id: string; n: number }>(
      s.ctx.db,
      sql`select m.kind, u.account_id, count(*)::int as n from messages m join users u on u.id = m.user_id
        where exists (select 1 from unnest(${`{${ids.join(',')}}`}::text[]) as id where m.link like '%' || id || '%') group by 1, 2`,
    );
    for (const m of messages) counts[`msg:${m.kind}:${who(m.account_id)}`] = m.n;
    const todos = await queryRows<{ kind: string; status: string; n: number }>(s.ctx.db, sql`select kind, status, count(*)::int as n from todos where ref = any(${`{${ids.join(',')}}`}::text[]) group by 1, 2`);
    for (const t of todos) counts[`todo:${t.kind}:${t.status}`] = t.n;
    return counts;
  };
  const delta = (before: Record<string, number>, after: Record<string, number>) =>
    Object.fromEntries([...new Set([...Object.keys(before), ...Object.keys(after)])].map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]).filter(([, n]) => n !== 0));
  /** Drains the news once more (as another node's drain would): nothing more is written. */
  const onceOnly = async (ids: readonly string[], expected: Record<string, number>) => {
    await drain(s.ctx.db, s.ctx.news);
    expect(await tally(ids)).toEqual(expected);
  };
  const billOf = async (contractId: string, amount: string, dueInDays = 10) => {
    const res = await s.call<ResourceRecord>('POST', '/api/r/bills', { token: seller.token, body: { contractId, amount, dueDay: chinaDay(new Date(s.clock.now().getTime() + dueInDays * 86_400_000)) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };

  it("an action's news are written before its answer, once", async () => {
    const c = await signedContract(s, buyer, seller, '消息合同（支付）', { quantity: 1 });
    const before = await tally([c.id]);
    await act(buyer, 'contracts', c.id, 'payCollateral', {}, true);
    // Read at once from the tables: the request waited for its news.
    const after = await tally([c.id]);
    expect(delta(before, after)).toEqual({ 'msg:collateralPaid:seller': 1, 'todo:collateralToPay:open': -1, 'todo:collateralToPay:done': 1 });
    await onceOnly([c.id], after);
  });

  it('several bills paid at once: one message per bill; a reversal: both parties told once', async () => {
    const c = await signedContract(s, buyer, seller, '消息合同（多笔）', { quantity: 1 });
    const bills = [await billOf(c.id, '100.00'), await billOf(c.id, '200.00')];
    for (const id of bills) await act(buyer, 'bills', id, 'confirm', {}, true);
    let before = await tally(bills);
    expect(before).toMatchObject({ 'msg:billIssued:buyer': 2, 'msg:billConfirmed:seller': 2, 'todo:billToConfirm:done': 2, 'todo:billToPay:open': 2 });
    const smsCode = await sendCode(s, buyer.phone, 'verify', buyer.token);
    const paid = await money(s, buyer.token, '/api/settlement/payments', { items: bills.map((billId) => ({ billId, amount: '50.00' })), smsCode });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    let after = await tally(bills);
    expect(delta(before, after)).toEqual({ 'msg:billPartlyPaid:seller': 2 });
    await onceOnly(bills, after);
    // Ops reverse the first bill's payment: payer and payee hear of it; the payer's todo to pay is still open.
    before = after;
    await act(ops, 'bills', bills[0], 'reversePayment', { reason: '付款方误付，申请退回' });
    after = await tally(bills);
    expect(delta(before, after)).toEqual({ 'msg:billPaymentReversed:buyer': 1, 'msg:billPaymentReversed:seller': 1 });
    await onceOnly(bills, after);
  });

  it('expiry and clearing are no news, and the consumer moves past them', async () => {
    const c = await signedContract(s, buyer, seller, '消息合同（到期）', { quantity: 1 });
    const bill = await billOf(c.id, '300.00', 1);
    await act(buyer, 'bills', bill, 'confirm', {}, true);
    const before = await tally([bill]);
    s.clock.advance(2 * 86_400_000);
    // The first request on bills moves it overdue (the expiry's event, the job's).
    expect((await s.call('GET', '/api/r/bills?scope=payer', { token: buyer.token })).status).toBe(200);
    const [expired] = await queryRows<{ order_tx: string }>(s.ctx.db, sql`select order_tx::text from resource_events where record_id = ${bill} and action = 'expire'`);
    expect(expired).toBeDefined();
    // A clearing run writes the bill down (the run's move).
    await s.ctx.db.transaction(async (tx) => {
      await writeDownBills(tx as never, s.ctx, [{ id: bill, fen: 30000n, state: 'overdue' }], { runId: 'news-test-run', mover: { job: CLEARING_JOB }, now: s.clock.now() });
    });
    const [cleared] = await queryRows<{ order_tx: string }>(s.ctx.db, sql`select order_tx::text from resource_events where record_id = ${bill} and action = 'clear'`);
    // Handled (a wait: an older transaction elsewhere may hold the stream's horizon for a moment).
    expect(await awaitHandled(s.ctx.db, s.ctx.news, BigInt(cleared.order_tx))).toBe(true);
    expect(await positionTxOf(s.ctx.db, NEWS)).toBeGreaterThan(BigInt(cleared.order_tx));
    expect(BigInt(cleared.order_tx)).toBeGreaterThanOrEqual(BigInt(expired.order_tx));
    expect(delta(before, await tally([bill]))).toEqual({});
  });

  it("the release timer's news (and its bill's) are written by the drain after the job, once", async () => {
    const c = await signedContract(s, buyer, seller, '消息合同（自动放款）', { quantity: 1 });
    await act(buyer, 'contracts', c.id, 'payCollateral', {}, true);
    await act(seller, 'contracts', c.id, 'deliver', { deliveryNote: '已发货' });
    const before = await tally([c.id]);
    expect(before['todo:receiptToConfirm:open']).toBe(1);
    expect(await releaseDue(s.ctx, new Date(s.clock.now().getTime() + 8 * 86_400_000))).toBe(1);
    // A job is no request: its news come with the next drain (the scheduler's, or a reader's catch-up, as here).
    await catchUp(s.ctx.db, s.ctx.news);
    const [bill] = await queryRows<{ id: string }>(s.ctx.db, sql`select id from resource_records where resource = 'bills' and data ->> 'contractId' = ${c.id}`);
    const after = await tally([c.id, bill.id]);
    expect(delta(before, after)).toEqual({
      'msg:collateralAutoReleased:buyer': 1,
      'msg:collateralAutoReleased:seller': 1,
      'todo:receiptToConfirm:open': -1,
      'todo:receiptToConfirm:done': 1,
      // The bill the completion issued: the buyer is asked to confirm it.
      'msg:billIssued:buyer': 1,
      'todo:billToConfirm:open': 1,
    });
    await onceOnly([c.id, bill.id], after);
  });

  it("a payment request's steps and its payment: each told once", async () => {
    const c = await signedContract(s, buyer, seller, '消息合同（请款）', { quantity: 1 });
    const made = await s.call<ResourceRecord>('POST', '/api/r/paymentRequests', { token: seller.token, body: { contractId: c.id, amount: '100.00', dueDay: chinaDay(new Date(s.clock.now().getTime() + 10 * 86_400_000)), reason: '货款请款' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    await act(seller, 'paymentRequests', id, 'submit');
    await act(buyer, 'paymentRequests', id, 'confirm');
    const before = await tally([id]);
    expect(before).toMatchObject({ 'msg:requestSubmitted:buyer': 1, 'msg:requestConfirmed:seller': 1, 'todo:requestToSubmit:done': 1, 'todo:requestToConfirm:done': 1, 'todo:requestToPay:open': 1 });
    await act(buyer, 'paymentRequests', id, 'pay', { payAmount: '100.00' }, true);
    const after = await tally([id]);
    expect(delta(before, after)).toEqual({ 'msg:requestPaid:seller': 1, 'todo:requestToPay:open': -1, 'todo:requestToPay:done': 1 });
    await onceOnly([id], after);
  });

  /** A consumer of its own that writes one probe row per event it handles, in the drain's transaction. */
  const probing = async (db: Db, name: string, fail?: () => boolean): Promise<Consumer> => {
    await db.execute(sql`create table if not exists consumer_probe (n bigserial primary key, consumer text not null, seq bigint not null, record_id uuid not null, version int)`);
    await ensureConsumer(db, name);
    return {
      name,
      async handle(tx, events) {
        // One statement for the batch (a long drain would hold the stream's horizon for every other test's database).
        const rows = JSON.stringify(events.map((e) => ({ seq: e.seq, record_id: e.recordId, version: e.version })));
        await tx.execute(sql`insert into consumer_probe (consumer, seq, record_id, version) select ${name}, seq, record_id, version from jsonb_to_recordset(${rows}::jsonb) as r(seq bigint, record_id uuid, version int) order by seq`);
        if (fail?.()) throw new Error('stopped mid-batch');
      },
    };
  };
  const probed = (name: string) => queryRows<{ seq: string; record_id: string; version: number | null }>(s.ctx.db, sql`select seq::text, record_id, version from consumer_probe where consumer = ${name} order by n`);
  /** Every event of the stream now readable, from its start. */
  const allEvents = async () => {
    const out: StreamEvent[] = [];
    for (let at = '0:0'; ; ) {
      const batch = await readEvents(s.ctx.db, at);
      if (!batch.length) return out;
      out.push(...batch);
      at = batch[batch.length - 1].position;
    }
  };

  it('a batch rolled back mid-way handles nothing of it and loses nothing: the next drain handles each event once', async () => {
    let failing = true;
    const consumer = await probing(s.ctx.db, 'test.stopped', () => failing);
    await expect(drainOnce(s.ctx.db, consumer, 7)).rejects.toThrow('stopped mid-batch');
    // Nothing of the batch was kept, and the position did not move.
    expect(await probed('test.stopped')).toEqual([]);
    expect(await positionTxOf(s.ctx.db, 'test.stopped')).toBe(0n);
    failing = false;
    const events = await allEvents();
    expect(events.length).toBeGreaterThan(20);
    await drain(s.ctx.db, consumer);
    const rows = await probed('test.stopped');
    // Every event up to the stream's end now, exactly once, in stream order.
    expect(rows.slice(0, events.length).map((r) => Number(r.seq))).toEqual(events.map((e) => e.seq));
    expect(new Set(rows.map((r) => r.seq)).size).toBe(rows.length);
  });

  it('reads positions in number order, not text order ("99" before "100")', async () => {
    const draft = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offerBody('排序草稿') });
    expect(draft.status).toBe(200);
    // Two events placed at transaction ids 99 and 100, long ended: behind every consumer's position.
    for (const tx of ['100', '99']) {
      await s.ctx.db.execute(sql`insert into resource_events (record_id, resource, action, from_state, to_state, input, at, order_tx) values (${draft.body.data.id}, 'purchaseOffers', 'edit', 'draft', 'draft', '{}', now(), ${tx}::xid8)`);
    }
    expect((await readEvents(s.ctx.db, '98:0', 2)).map((e) => e.position.split(':')[0])).toEqual(['99', '100']);
  });

  describe.runIf(testDbKind === 'postgres')('two nodes on one PostgreSQL', () => {
    let b: TestServer;
    beforeAll(async () => {
      b = await startTestServer({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password }, undefined, { shareDatabaseOf: s });
    });
    afterAll(() => b?.close());

    it('both draining at once while both move records: every event once, in commit order per record', async () => {
      const name = 'test.nodes';
      const consumers = [await probing(s.ctx.db, name), await probing(b.ctx.db, name)];
      const node = (i: number) => (i % 2 === 0 ? s : b);
      // Drafts made and edited on both nodes, several edits of one record at once.
      const drafts: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await node(i).call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offerBody(`双节点消息草稿 ${i}`) });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        drafts.push(res.body.data.id);
      }
      let moving = true;
      const drainer = async (db: Db, consumer: Consumer) => {
        let steps = 0;
        while (moving || steps < 3) {
          const step = await drainOnce(db, consumer, 5);
          if (!moving && !step.busy && step.caughtUp) steps += 1;
          if (step.busy || step.caughtUp) await new Promise((r) => setTimeout(r, 3));
        }
      };
      const drainers = [drainer(s.ctx.db, consumers[0]), drainer(b.ctx.db, consumers[1])];
      const edit = async (i: number, id: string) => {
        const n = node(i);
        const read = await n.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${id}`, { token: buyer.token });
        const { id: _id, state: _state, events: _events, parties: _parties, ...data } = read.body.data as ResourceRecord & { events?: unknown };
        const res = await n.call('PUT', `/api/r/purchaseOffers/${id}`, { token: buyer.token, body: { ...data, quantity: 1 + (i % 40) } });
        expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
      };
      for (let round = 0; round < 4; round += 1) await Promise.all(Array.from({ length: 12 }, (_, k) => edit(round * 12 + k, drafts[(round + k) % drafts.length])));
      // Every move has committed; the drainers stop once each has read to the end three times.
      moving = false;
      await Promise.all(drainers);
      const events = await allEvents();
      const rows = await probed(name);
      // Exactly once: every event of the stream, none twice, whichever node handled it.
      expect(rows.map((r) => Number(r.seq)).sort((x, y) => x - y)).toEqual(events.map((e) => e.seq).sort((x, y) => x - y));
      // In commit order per record: each draft's versions ascend without a gap.
      for (const id of drafts) {
        const versions = rows.filter((r) => r.record_id === id).map((r) => r.version);
        expect(versions.length).toBeGreaterThan(1);
        expect(versions, id).toEqual(versions.map((_, i) => i + 1));
      }
    });
  });
});
