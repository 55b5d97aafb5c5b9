// A list's search (q, src/shared/resources/search.ts): a record by its number (its id, whole or
// its first six or more hex digits) or by the words of its resource's text filters, within the
// records the caller may list, counted as any filter is; the same parameter on /api/rest (json-
// server's q). What the console's command palette asks for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { worldOf, type Party } from '../support/world';

const OPS = { phone: '13800000533', password: 'Admin#Search2026' };

describe.skipIf(!dbAvailable)('list search by number or words (q)', { timeout: 240_000 }, () => {
  let s: TestServer;
  let payer: Party;
  let payee: Party;
  let stranger: Party;
  let bills: ResourceRecord[];
  let strangersBill: ResourceRecord;
  let opsToken: string;

  const list = async (token: string, query: Record<string, string>, resource = 'bills') => {
    const res = await s.call<Page<ResourceRecord>>('GET', `/api/r/${resource}?${new URLSearchParams(query).toString()}`, { token });
    return res;
  };
  const ids = async (token: string, query: Record<string, string>, resource = 'bills') => {
    const res = await list(token, query, resource);
    expect(res.status).toBe(200);
    return { ids: res.body.data.records.map((r) => r.id).sort(), total: res.body.data.total };
  };

  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    const world = worldOf({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    payer = await world.party({ name: '检索付款方有限公司', approved: true, balance: '100000.00' });
    payee = await world.party({ name: '检索收款方有限公司', approved: true });
    bills = await world.bills(3, { state: 'confirmed', payer, payee, amount: '1200.00' });
    const other = await world.party({ name: '旁人收款方有限公司', approved: true });
    stranger = await world.party({ name: '旁人付款方有限公司', approved: true, balance: '100000.00' });
    strangersBill = await world.bill({ state: 'pendingConfirmation', payer: stranger, payee: other });
    opsToken = await world.ops();
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  it('finds a bill by its whole number, with or without dashes and in capitals, and counts only it', async () => {
    const [bill] = bills;
    const whole = String(bill.id);
    for (const q of [whole, whole.toUpperCase(), whole.replace(/-/g, ''), ` ${whole} `]) {
      expect(await ids(payer.token, { q })).toEqual({ ids: [whole], total: 1 });
    }
    // The payee lists it too: the search narrows what the caller may list, for either party.
    expect(await ids(payee.token, { q: whole })).toEqual({ ids: [whole], total: 1 });
    // With the list's own filters and scope, as one more condition.
    expect(await ids(payer.token, { q: whole, state: 'confirmed', scope: 'payer' })).toEqual({ ids: [whole], total: 1 });
    expect(await ids(payer.token, { q: whole, state: 'paid' })).toEqual({ ids: [], total: 0 });
    expect(await ids(payer.token, { q: whole, scope: 'payee' })).toEqual({ ids: [], total: 0 });
  });

  it('finds a bill by the first hex digits of its number; fewer than six read as words', async () => {
    const whole = String(bills[1].id);
    const prefix = whole.slice(0, 8);
    const found = await ids(payer.token, { q: prefix });
    expect(found.ids).toContain(whole);
    // Every hit starts with the digits typed (another bill may share them: the list says so).
    for (const id of found.ids) expect(id.startsWith(prefix)).toBe(true);
    // A dash where the number has one is the same number.
    expect((await ids(payer.token, { q: `${whole.slice(0, 8)}-${whole.slice(9, 11)}` })).ids).toContain(whole);
    // Five digits are no number: they would have to be a word of a payer, payee or contract title.
    expect(await ids(payer.token, { q: whole.slice(0, 5) })).toEqual({ ids: [], total: 0 });
  });

  it('finds bills by a word of the payer, payee or contract title (the text filters)', async () => {
    const all = bills.map((b) => String(b.id)).sort();
    expect(await ids(payer.token, { q: '检索付款' })).toEqual({ ids: all, total: 3 });
    expect(await ids(payer.token, { q: '收款方' })).toEqual({ ids: all, total: 3 });
    expect(await ids(payer.token, { q: '框架采购' })).toEqual({ ids: all, total: 3 });
    // A page of it, as the palette asks (a few hits): the total still counts every match.
    const page = await list(payer.token, { q: '框架采购', pageSize: '2' });
    expect(page.body.data.records).toHaveLength(2);
    expect(page.body.data.total).toBe(3);
    // LIKE's wildcards are words like any other.
    expect(await ids(payer.token, { q: '%' })).toEqual({ ids: [], total: 0 });
    expect(await ids(payer.token, { q: '检索_款' })).toEqual({ ids: [], total: 0 });
  });

  it("never finds a record the caller may not list: another account's bill by its number", async () => {
    expect(await ids(payer.token, { q: String(strangersBill.id) })).toEqual({ ids: [], total: 0 });
    expect(await ids(stranger.token, { q: String(strangersBill.id) })).toEqual({ ids: [String(strangersBill.id)], total: 1 });
    // Platform operations list every bill in their scope, and find it there.
    expect(await ids(opsToken, { q: String(strangersBill.id), scope: 'ops' })).toEqual({ ids: [String(strangersBill.id)], total: 1 });
  });

  it('searches a list without text filters by number only', async () => {
    // A deposit's reference is its text filter; a withdrawal's bank account; an objection deposit has none.
    const [deposit] = (await ids(payer.token, {}, 'deposits')).ids;
    expect(await ids(payer.token, { q: deposit }, 'deposits')).toEqual({ ids: [deposit], total: 1 });
    expect(await ids(payer.token, { q: 'WORLD-' }, 'deposits')).toEqual({ ids: [deposit], total: 1 });
    expect(await ids(payer.token, { q: 'WORLD-' }, 'objectionDeposits')).toEqual({ ids: [], total: 0 });
  });

  it('refuses a search too long or given twice, naming q, and answers nothing else', async () => {
    const long = await list(payer.token, { q: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.data).toMatchObject({ q: expect.any(String) });
    const twice = await s.call<unknown>('GET', '/api/r/bills?q=a&q=b', { token: payer.token });
    expect(twice.status).toBe(400);
    expect(twice.body.data).toMatchObject({ q: expect.any(String) });
  });

  it('takes the same q on /api/rest (json-server convention), the count in x-total-count', async () => {
    const whole = String(bills[2].id);
    const res = await fetch(`${s.baseUrl}/api/rest/bills?_start=0&_end=10&q=${whole.slice(0, 12)}`, { headers: { authorization: payer.token } });
    expect(res.status).toBe(200);
    const records = (await res.json()) as ResourceRecord[];
    expect(records.map((r) => r.id)).toContain(whole);
    expect(Number(res.headers.get('x-total-count'))).toBe(records.length);
  });
});
