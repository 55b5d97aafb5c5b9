// The demo world (`npm start -- --demo`, issue 17): seeded over the API on an empty store, its
// ledger sound, every demo user signs in and every list of its menu answers with data, a second
// run seeds nothing, and GET /api/meta/demo lists the logins only in demo mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoLoginsResponse, Page, Profile, UserInfo } from '../../src/shared/api';
import { actorFromProfile } from '../../src/shared/actor';
import { findRoute, menuPaths } from '../../src/shared/menu';
import { consoleMenu } from '../support/console-menu';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { DEMO_OPS, demoLogins, seedDemo, type SeedResult } from '../../src/server/domains/demo/seed';
import { DEMO_PASSWORD, DEMO_PAYMENT_PASSWORD, DEMO_PEOPLE } from '../../src/server/domains/demo/logins';
import { smsCodes } from '../../src/server/db/schema';
import { and, count, inArray, ne } from 'drizzle-orm';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { loginPassword } from '../support/flows';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const CONTRACT_STATES = ['pendingSignature', 'signed', 'collateralPaid', 'delivered', 'objection', 'completed', 'refunded', 'rejected', 'cancelled'];
const OFFER_STATES = ['draft', 'published', 'accepted', 'declined', 'withdrawn'];

describe.skipIf(!dbAvailable)('demo world', () => {
  let s: TestServer;
  let result: SeedResult;
  const tokens: Record<string, string> = {};
  const logins = demoLogins({});

  beforeAll(async () => {
    s = await startTestServer({ DEMO: '1', ADMIN_PHONE: DEMO_OPS.phone, ADMIN_PASSWORD: DEMO_OPS.password });
    result = await seedDemo({ db: s.ctx.db, baseUrl: s.baseUrl, advance: (ms) => s.clock.advance(ms), ops: DEMO_OPS });
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
    expect(ledgerSound(await checkLedger(s.ctx.db))).toBe(true);
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
    const queue = await s.call<Page<unknown>>('GET', '/api/ops/authentications', { token: tokens.ops });
    expect(queue.body.data.total).toBe(3);
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
    const again = await seedDemo({ db: s.ctx.db, baseUrl: s.baseUrl, advance: (ms) => s.clock.advance(ms), ops: DEMO_OPS });
    expect(again).toEqual({ seeded: false });
    expect((await list('buyer', '/api/r/contracts?scope=buyer&pageSize=100')).total).toBe(11);
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
