// The demo world (`npm start -- --demo`, issue 17): seeded over the API on an empty store, its
// ledger sound, every demo user signs in and every list of its menu answers with data, a second
// run seeds nothing, and GET /api/meta/demo lists the logins only in demo mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoLoginsResponse, Page, Profile, UserInfo } from '../../src/shared/api';
import { actorFromProfile } from '../../src/shared/actor';
import { findRoute, menuPaths, VARIANT_IDS } from '../../src/shared/menu';
import { consoleMenu } from '../support/console-menu';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { DAY_MS, DEMO_HISTORY_DAYS, DEMO_OPS, demoLogins, seedDemo, type SeedResult } from '../../src/server/domains/demo/seed';
import { DEMO_PASSWORD, DEMO_PAYMENT_PASSWORD, DEMO_PEOPLE, DEMO_WHOLESALER } from '../../src/server/domains/demo/logins';
import { smsCodes } from '../../src/server/db/schema';
import { and, count, inArray, ne } from 'drizzle-orm';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { loginPassword } from '../support/flows';
import { chinaDay } from '../../src/shared/chinaTime';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const CONTRACT_STATES = ['pendingSignature', 'signed', 'collateralPaid', 'delivered', 'objection', 'completed', 'refunded', 'rejected', 'cancelled'];
const OFFER_STATES = ['draft', 'published', 'accepted', 'declined', 'withdrawn'];
const BILL_STATES = ['pendingConfirmation', 'confirmed', 'partiallyPaid', 'paid', 'overdue', 'rejected', 'cancelled'];
const REQUEST_STATES = ['new', 'submitted', 'confirmed', 'partiallyPaid', 'paid', 'rejected', 'cancelled'];
const INVOICE_STATES = ['requested', 'issued', 'rejected'];
describe.skipIf(!dbAvailable)('demo world', () => {
  let s: TestServer;
  let result: SeedResult;
  const tokens: Record<string, string> = {};
  const logins = demoLogins({});

  beforeAll(async () => {
    s = await startTestServer({ DEMO: '1', ADMIN_PHONE: DEMO_OPS.phone, ADMIN_PASSWORD: DEMO_OPS.password });
    // The world has a month of history ending at the clock's time now (SeedingClock starts that far back).
    s.clock.advance(-DEMO_HISTORY_DAYS * DAY_MS);
    result = await seedDemo({ db: s.ctx.db, baseUrl: s.baseUrl, clock: s.clock, ops: DEMO_OPS });
    for (const l of logins) {
      const res = await loginPassword(s, l.phone, l.password);
      expect(res.status, `${l.role} signs in`).toBe(200);
      tokens[l.role] = res.body.data.access_token;
    }
  }, 480_000);
  afterAll(() => s?.close());

  const list = async (role: string, path: string) => {
    const res = await s.call<Page<ResourceRecord>>('GET', path, { token: tokens[role] });
    expect(res.status, `${role} ${path}`).toBe(200);
    return res.body.data;
  };
  const states = (page: Page<ResourceRecord>) => new Set(page.records.map((r) => r.state));

  it('seeds every kind of record in every state reachable today, and the ledger is sound', async () => {
    expect(result.seeded).toBe(true);
    if (!result.seeded) return;
    expect(Object.keys(result.summary.contracts).sort()).toEqual([...CONTRACT_STATES].sort());
    for (const kind of ['purchaseOffers', 'supplyOffers', 'mutualOffers']) expect(Object.keys(result.summary[kind]).sort(), kind).toEqual([...OFFER_STATES].sort());
    expect(Object.keys(result.summary.deposits).sort()).toEqual(['confirmed', 'declared', 'rejected']);
    expect(Object.keys(result.summary.withdrawals).sort()).toEqual(['completed', 'failed', 'processing']);
    expect(Object.keys(result.summary.bills).sort()).toEqual([...BILL_STATES, 'delayed'].sort());
    expect(Object.keys(result.summary.paymentRequests).sort()).toEqual([...REQUEST_STATES].sort());
    expect(Object.keys(result.summary.invoiceRequests).sort()).toEqual([...INVOICE_STATES].sort());
    expect(result.summary.clearingRuns).toEqual({ leftUnsettled: 1 });
    expect(ledgerSound(await checkLedger(s.ctx.db, s.ctx.ledgerInvariants))).toBe(true);
  });

  it('shows each party its contracts in every state, its wallet with money, messages, todos and notices', async () => {
    expect(states(await list('buyer', '/api/r/contracts?scope=buyer&pageSize=100'))).toEqual(new Set(CONTRACT_STATES));
    expect(states(await list('sellerOperator', '/api/r/contracts?scope=seller&pageSize=100'))).toEqual(new Set(CONTRACT_STATES));
    expect(states(await list('purchaser', '/api/r/purchaseOffers?pageSize=100'))).toEqual(new Set(OFFER_STATES));
    expect((await list('ops', '/api/r/deposits?scope=ops&pageSize=100')).total).toBeGreaterThanOrEqual(5);
    for (const role of ['buyer', 'seller', 'finance']) {
      const wallet = await s.call<{ available: string }>('GET', '/api/funds/wallet', { token: tokens[role] });
      expect(wallet.status, role).toBe(200);
      expect(Number(wallet.body.data.available), role).toBeGreaterThan(0);
    }
    for (const role of ['buyer', 'seller']) {
      const messages = await s.call<Page<unknown>>('POST', '/api/system/message/list', { token: tokens[role], body: {} });
      expect(messages.body.data.total, `${role} messages`).toBeGreaterThan(0);
      const todos = await s.call<Page<unknown>>('POST', '/api/system/newTodo/todoList', { token: tokens[role], body: { businessType: '0' } });
      expect(todos.status, `${role} todos`).toBe(200);
      const notices = await s.call<unknown[]>('GET', '/api/system/notice/unread?platform=lsf', { token: tokens[role] });
      expect(notices.body.data.length, `${role} notices`).toBe(3);
    }
    // The two enterprises, the person and the wholesaler nobody signs in as.
    const queue = await s.call<Page<unknown>>('GET', '/api/ops/authentications', { token: tokens.ops });
    expect(queue.body.data.total).toBe(4);
  });

  it('shows bills in every state: waiting, confirmed, part paid, paid, overdue, delayed (and rejected, cancelled)', async () => {
    const payer = await list('finance', '/api/r/bills?scope=payer&pageSize=100');
    expect(states(payer)).toEqual(new Set(BILL_STATES));
    const part = payer.records.find((b) => b.state === 'partiallyPaid' && Number(b.paidAmount) > 0);
    expect(part, 'a bill paid in part by the payer').toBeDefined();
    expect(Number(part!.openAmount)).toBeGreaterThan(0);
    const overdue = payer.records.find((b) => b.state === 'overdue')!;
    expect(String(overdue.dueDay) < chinaDay(s.clock.now())).toBe(true);
    const delayed = payer.records.find((b) => b.delayReason);
    expect(delayed, 'a delayed bill').toBeDefined();
    expect(delayed!.state).toBe('confirmed');
    expect(String(delayed!.dueDay) > String(delayed!.originalDueDay)).toBe(true);
    // The seller sees its bills to the buyer from its side too.
    const toSeller = payer.records.filter((b) => b.payeeName === DEMO_PEOPLE.seller.name).map((b) => b.id).sort();
    const sellerPayee = await list('seller', '/api/r/bills?scope=payee&pageSize=100');
    expect(sellerPayee.records.filter((b) => b.payerName === DEMO_PEOPLE.buyer.name).map((b) => b.id).sort()).toEqual(toSeller);
    // The seller's own: the bill the run cleared, the freight of the angle steel it bought (to
    // confirm), and the wholesaler's, confirmed and waiting to be paid (确权支付).
    const sellerPays = await list('seller', '/api/r/bills?scope=payer&pageSize=100');
    expect(sellerPays.records.map((b) => b.state).sort()).toEqual(['confirmed', 'paid', 'pendingConfirmation']);
    expect(sellerPays.records.find((b) => b.state === 'confirmed')!.payeeName).toBe(DEMO_WHOLESALER.name);
  });

  it('shows a clearing run that cleared a cycle and left the buyer unsettled for want of balance, and so the seller and the person', async () => {
    const runs = await list('ops', '/api/r/clearingRuns?pageSize=10');
    expect(runs.total).toBe(1);
    const run = runs.records[0];
    // The cycle of the buyer and the seller (2 x 86,000 cleared) and the person's bill to the buyer.
    expect(run).toMatchObject({ billsIn: 3, participants: 3, amountIn: '521360.00', amountCleared: '172000.00', amountSettled: '0.00' });
    expect(Number(run.amountUnsettled)).toBeGreaterThan(0);
    const unsettled = await list('buyer', '/api/r/clearingUnsettled?pageSize=10');
    expect(unsettled.records.map((r) => r.unsettledReason)).toEqual(['insufficientBalance']);
    expect(Number(unsettled.records[0].availableAmount)).toBeLessThan(Number(unsettled.records[0].unsettledAmount));
    expect((await list('seller', '/api/r/clearingRuns?pageSize=10')).total).toBe(1);
    // The buyer did not settle: the person did not receive what the buyer owes it.
    expect((await list('personal', '/api/r/clearingRuns?pageSize=10')).total).toBe(1);
    expect((await list('personal', '/api/r/clearingUnsettled?pageSize=10')).records.map((r) => r.unsettledReason)).toEqual(['counterpartyUnsettled']);
  });

  it('lets the person trade: offers of each kind, contracts both ways, bills to confirm, pay and collect, an objection refunded, an invoice asked for', async () => {
    expect((await list('personal', '/api/r/purchaseOffers?pageSize=10')).total).toBeGreaterThan(0);
    expect((await list('personal', '/api/r/supplyOffers?pageSize=10')).total).toBeGreaterThan(0);
    expect(states(await list('personal', '/api/r/mutualOffers?pageSize=10'))).toEqual(new Set(['published', 'accepted']));
    expect(states(await list('personal', '/api/r/contracts?scope=buyer&pageSize=10'))).toEqual(new Set(['collateralPaid', 'refunded', 'signed']));
    expect(states(await list('personal', '/api/r/contracts?scope=seller&pageSize=10'))).toEqual(new Set(['signed', 'pendingSignature']));
    expect(states(await list('personal', '/api/r/bills?scope=payer&pageSize=10'))).toEqual(new Set(['paid', 'confirmed', 'pendingConfirmation']));
    // What the buyer owes it, unsettled by the run and past its due day since.
    expect(states(await list('personal', '/api/r/bills?scope=payee&pageSize=10'))).toEqual(new Set(['overdue']));
    expect((await list('personal', '/api/r/objectionDeposits?pageSize=10')).total).toBe(1);
    expect((await list('personal', '/api/r/escrowSettlements?pageSize=10')).total).toBeGreaterThan(0);
    expect(states(await list('personal', '/api/r/invoiceRequests?pageSize=10'))).toEqual(new Set(['requested']));
    expect(states(await list('personal', '/api/r/paymentRequests?scope=payer&pageSize=10'))).toEqual(new Set(['submitted']));
  });

  it('shows payment requests in every state and invoices requested, issued and rejected', async () => {
    expect(states(await list('finance', '/api/r/paymentRequests?scope=payer&pageSize=100'))).toEqual(new Set(REQUEST_STATES));
    expect(states(await list('seller', '/api/r/paymentRequests?scope=payee&pageSize=100'))).toEqual(new Set(REQUEST_STATES));
    const invoices = await list('buyer', '/api/r/invoiceRequests?pageSize=100');
    expect(states(invoices)).toEqual(new Set(INVOICE_STATES));
    expect(invoices.records.find((r) => r.state === 'issued')!.invoiceFile).toHaveLength(1);
    expect(states(await list('ops', '/api/r/invoiceRequests?scope=ops&pageSize=100'))).toEqual(new Set(INVOICE_STATES));
  });

  it('gives the wallets a month of history: coin-days and flows over the month, not one day', async () => {
    const to = chinaDay(s.clock.now());
    const from = chinaDay(new Date(s.clock.now().getTime() - (DEMO_HISTORY_DAYS - 1) * DAY_MS));
    for (const role of ['buyer', 'seller']) {
      const detail = await s.call<{ records: { date: string; closingBalance: string }[] }>('POST', '/api/system/personal/coindaysdetail', { token: tokens[role], body: { from, to, pageSize: 100 } });
      expect(detail.status, role).toBe(200);
      const days = detail.body.data.records.filter((d) => Number(d.closingBalance) > 0);
      expect(days.length, `${role}: days with a balance`).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS - 2);
      expect(new Set(days.map((d) => d.closingBalance)).size, `${role}: the balance moved on several days`).toBeGreaterThanOrEqual(5);
      const flows = await list(role, '/api/r/accountFlows?pageSize=100');
      const flowDays = new Set(flows.records.map((f) => chinaDay(new Date(f.createdAt))));
      expect(flowDays.size, `${role}: flows on distinct days`).toBeGreaterThanOrEqual(6);
    }
  });

  it.each(logins.map((l) => l.role))('%s: every list of its menu answers 200', async (role) => {
    const profile = await s.call<Profile>('GET', '/api/user/info', { token: tokens[role] });
    const info = await s.call<UserInfo>('GET', '/api/system/users/info', { token: tokens[role] });
    // The menu as the console's access control builds it (mayOpenRoute: permission ids and the rendered resource's list).
    const paths = menuPaths(consoleMenu('main', actorFromProfile(profile.body.data, info.body.data)));
    let lists = 0;
    for (const path of paths) {
      const render = findRoute(path, 'main')?.render;
      if (!render || !('resource' in render) || ('view' in render && render.view)) continue;
      const scope = 'scope' in render && render.scope ? `&scope=${render.scope}` : '';
      await list(role, `/api/r/${render.resource}?pageSize=10${scope}`);
      lists += 1;
    }
    expect(lists, `${role} has lists`).toBeGreaterThan(role === 'personal' ? -1 : 0);
    for (const [method, path, body] of [
      ['POST', '/api/system/message/list', {}],
      ['POST', '/api/system/newTodo/todoList', { businessType: '0' }],
      ['POST', '/api/system/notice/list', {}],
    ] as const) {
      expect((await s.call(method, path, { token: tokens[role], body })).status, `${role} ${path}`).toBe(200);
    }
  });

  // Issue 28 item 9: a newcomer finds something on every list of its menu, in every variant.
  it.each(logins.map((l) => l.role))('%s: every list of its menu in every variant shows records', async (role) => {
    const profile = await s.call<Profile>('GET', '/api/user/info', { token: tokens[role] });
    const info = await s.call<UserInfo>('GET', '/api/system/users/info', { token: tokens[role] });
    const actor = actorFromProfile(profile.body.data, info.body.data);
    const empty: string[] = [];
    let lists = 0;
    for (const variant of VARIANT_IDS) {
      for (const path of menuPaths(consoleMenu(variant, actor))) {
        const render = findRoute(path, variant)?.render;
        if (!render || !('resource' in render) || ('view' in render && render.view)) continue;
        const query = new URLSearchParams({ pageSize: '1' });
        if (render.scope) query.set('scope', render.scope);
        if (render.states) query.set('state', render.states.join(','));
        if (render.has) query.set('has', render.has.join(','));
        for (const [field, values] of Object.entries(render.filter ?? {})) query.set(field, values.join(','));
        lists += 1;
        if ((await list(role, `/api/r/${render.resource}?${query}`)).total === 0) empty.push(`${variant} ${path}`);
      }
    }
    expect(lists, `${role} has lists`).toBeGreaterThan(0);
    expect(empty, `${role}: empty lists`).toEqual([]);
  });

  // What the daily job does after seeding: a clearing run over every confirmed open bill of the
  // mutual service's members. It finds no cycle and the buyer still short, so every bill stays
  // open: the seller's and the person's confirmed bills (owed to the wholesaler, outside the
  // service) and the buyer's; every list keeps its rows.
  it('keeps every confirmed bill through a later clearing run', async () => {
    const open = async () => Promise.all(['finance', 'seller', 'personal'].map(async (role) => (await list(role, '/api/r/bills?scope=payer&state=confirmed,partiallyPaid,overdue&pageSize=100')).records.map((b) => `${b.id} ${b.openAmount}`).sort()));
    const before = await open();
    for (const owed of before) expect(owed.length).toBeGreaterThan(0);
    const run = await s.call<{ amountCleared: string; amountSettled: string }>('POST', '/api/settlement/clearing-runs', { token: tokens.ops, body: {}, headers: { 'Idempotency-Key': 'demo-later-run' } });
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ amountCleared: '0.00', amountSettled: '0.00' });
    expect(await open()).toEqual(before);
    expect(ledgerSound(await checkLedger(s.ctx.db, s.ctx.ledgerInvariants))).toBe(true);
  });

  it('spends none of the demo people\'s SMS codes, and lets them confirm money steps with the demo payment password', async () => {
    const phones = Object.values(DEMO_PEOPLE).map((p) => p.phone);
    const counted = await s.ctx.db.select({ n: count() }).from(smsCodes).where(and(inArray(smsCodes.phone, phones), ne(smsCodes.quota, 'none')));
    expect(counted[0].n).toBe(0);
    // Sign-in codes are all there: ten a day.
    for (let i = 0; i < 10; i += 1) {
      s.clock.advance(61_000);
      expect((await s.call('POST', '/api/smscode', { body: { phone: DEMO_PEOPLE.buyer.phone, scene: 'login' } })).status).toBe(200);
    }
    const settings = await s.call<{ paymentPassword: boolean }>('GET', '/api/confirm/settings', { token: (await loginPassword(s, DEMO_PEOPLE.buyer.phone, DEMO_PASSWORD)).body.data.access_token });
    expect(settings.body.data.paymentPassword).toBe(true);
    expect(DEMO_PAYMENT_PASSWORD).toMatch(/^\d{6}$/);
  });

  it('never seeds a store that holds accounts again', async () => {
    const again = await seedDemo({ db: s.ctx.db, baseUrl: s.baseUrl, clock: s.clock, ops: DEMO_OPS });
    expect(again).toEqual({ seeded: false });
    expect((await list('buyer', '/api/r/contracts?scope=buyer&pageSize=100')).total).toBe(14);
  });

  it('lists the demo logins on GET /api/meta/demo only in demo mode', async () => {
    const demo = await s.call<DemoLoginsResponse>('GET', '/api/meta/demo');
    expect(demo.body.data.logins.map((l) => l.role)).toEqual(['buyer', 'seller', 'personal', 'purchaser', 'finance', 'viewer', 'sellerOperator', 'ops']);
    expect(demo.body.data.logins.find((l) => l.role === 'ops')).toMatchObject({ phone: DEMO_OPS.phone, password: DEMO_OPS.password });
    // The login page says which payment password confirms the people's money steps; operations take none.
    for (const l of demo.body.data.logins) expect(l.paymentPassword).toBe(l.role === 'ops' ? undefined : DEMO_PAYMENT_PASSWORD);
    const plain = await startTestServer();
    try {
      expect((await plain.call<DemoLoginsResponse>('GET', '/api/meta/demo')).body.data).toEqual({ logins: [] });
    } finally {
      await plain.close();
    }
  }, 180_000);
});
