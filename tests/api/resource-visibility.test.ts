// Engine II visibility (DESIGN §7): a record another account may not see is a 404 everywhere
// (list, read, action, export); the market shows published purchase offers to every other
// approved account with the offers grant, and nothing of the owner's drafts or withdrawn ones.
// The same per-record ability decides reads on the server and the SQL scope of lists: the
// last test checks both agree over every record and caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import { asRecord, defineRecordAbility } from '../../src/shared/resources/recordAbility';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { permissionsForUser } from '../../src/shared/permissions';
import { signedIn } from '../support/flows';
import { addOperator, approveAccount } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const offer = (title: string) => ({
  title,
  category: 'rawMaterial',
  goodsName: '螺纹钢',
  unit: 'ton',
  quantity: 12,
  unitPrice: '4000.00',
  amount: '48000.00',
  deliveryDate: '2099-12-20',
  validUntil: '2099-12-31',
  deliveryRegion: ['33', '3301', '330106'],
});

type Caller = { token: string; accountId: string; role: string; approved: boolean };

describe.skipIf(!dbAvailable)('who sees a record: owner, market, nobody else', () => {
  let s: TestServer;
  const callers: Record<string, Caller> = {};
  const offers: Record<'draft' | 'published' | 'withdrawn', ResourceRecord> = {} as never;

  const accountOf = async (token: string) => (await s.call<{ accountId: string }>('GET', '/api/system/users/info', { token })).body.data.accountId;

  beforeAll(async () => {
    s = await startTestServer();
    const owner = await signedIn(s, { userType: 'enterprise', enterpriseName: '杭州发盘方有限公司' });
    const buyer = await signedIn(s, { userType: 'enterprise', enterpriseName: '苏州看盘方有限公司' });
    const unapproved = await signedIn(s, { userType: 'enterprise', enterpriseName: '宁波未认证有限公司' });
    await approveAccount(s, owner.phone);
    await approveAccount(s, buyer.phone);
    const viewer = await addOperator(s, buyer.phone, 'viewer');
    const finance = await addOperator(s, buyer.phone, 'finance');
    const ownerAccount = await accountOf(owner.token);
    const buyerAccount = await accountOf(buyer.token);
    Object.assign(callers, {
      owner: { token: owner.token, accountId: ownerAccount, role: 'owner', approved: true },
      buyer: { token: buyer.token, accountId: buyerAccount, role: 'owner', approved: true },
      viewer: { token: viewer.token, accountId: buyerAccount, role: 'viewer', approved: true },
      finance: { token: finance.token, accountId: buyerAccount, role: 'finance', approved: true },
      unapproved: { token: unapproved.token, accountId: await accountOf(unapproved.token), role: 'owner', approved: false },
    });
    const create = async (title: string) => (await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: owner.token, body: offer(title) })).body.data;
    offers.draft = await create('草稿发盘');
    offers.published = await create('市场发盘');
    offers.withdrawn = await create('撤回发盘');
    for (const o of [offers.published, offers.withdrawn]) await s.call('POST', `/api/r/purchaseOffers/${o.id}/actions/publish`, { token: owner.token, body: {} });
    await s.call('POST', `/api/r/purchaseOffers/${offers.withdrawn.id}/actions/withdraw`, { token: owner.token, body: { reason: '需求取消' } });
  });
  afterAll(() => s?.close());

  const titles = async (who: string, scope: string) => {
    const res = await s.call<Page<ResourceRecord>>('GET', `/api/r/purchaseOffers?scope=${scope}&pageSize=100`, { token: callers[who].token });
    return res.status === 200 ? res.body.data.records.map((r) => r.title).sort() : res.status;
  };

  it('lists: the owner sees all of its own, the market shows only published offers to approved accounts', async () => {
    expect(await titles('owner', 'mine')).toEqual(['市场发盘', '撤回发盘', '草稿发盘']);
    expect(await titles('owner', 'market')).toEqual([]);
    expect(await titles('buyer', 'market')).toEqual(['市场发盘']);
    expect(await titles('buyer', 'mine')).toEqual([]);
    expect(await titles('viewer', 'market')).toEqual(['市场发盘']);
    expect(await titles('finance', 'market')).toBe(403);
    expect(await titles('unapproved', 'market')).toEqual([]);
    const bad = await s.call('GET', '/api/r/purchaseOffers?scope=everyone', { token: callers.buyer.token });
    expect(bad.body).toMatchObject({ code: 400, data: { scope: expect.any(String) } });
    // A resource without a market has no market scope.
    expect((await s.call('GET', '/api/r/invoiceRequests?scope=market', { token: callers.buyer.token })).status).toBe(400);
  });

  it('reads: a published offer opens for the market, drafts and withdrawn offers are 404 to everyone else', async () => {
    const read = async (who: string, o: ResourceRecord) => (await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${o.id}`, { token: callers[who].token })).status;
    expect(await read('owner', offers.draft)).toBe(200);
    expect(await read('buyer', offers.published)).toBe(200);
    expect(await read('viewer', offers.published)).toBe(200);
    expect(await read('buyer', offers.draft)).toBe(404);
    expect(await read('buyer', offers.withdrawn)).toBe(404);
    expect(await read('unapproved', offers.published)).toBe(404);
    expect(await read('finance', offers.published)).toBe(403);
    const seen = await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${offers.published.id}`, { token: callers.buyer.token });
    expect(seen.body.data).toMatchObject({ title: '市场发盘', state: 'published', accountId: callers.owner.accountId });
  });

  it("acts: the market may look but not touch (403); what it cannot see stays 404", async () => {
    const buyer = callers.buyer.token;
    expect((await s.call('POST', `/api/r/purchaseOffers/${offers.published.id}/actions/withdraw`, { token: buyer, body: { reason: '不是我的' } })).status).toBe(403);
    expect((await s.call('PUT', `/api/r/purchaseOffers/${offers.published.id}`, { token: buyer, body: { ...offer('改标题'), version: 2 } })).status).toBe(403);
    expect((await s.call('DELETE', `/api/r/purchaseOffers/${offers.published.id}`, { token: buyer })).status).toBe(403);
    expect((await s.call('POST', `/api/r/purchaseOffers/${offers.draft.id}/actions/publish`, { token: buyer, body: {} })).status).toBe(404);
    expect((await s.call('PUT', `/api/r/purchaseOffers/${offers.draft.id}`, { token: buyer, body: { ...offer('改标题'), version: 1 } })).status).toBe(404);
    expect((await s.call('DELETE', `/api/r/purchaseOffers/${offers.draft.id}`, { token: buyer })).status).toBe(404);
    // Nothing moved.
    const after = await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${offers.published.id}`, { token: callers.owner.token });
    expect(after.body.data).toMatchObject({ title: '市场发盘', state: 'published' });
  });

  it('exports: the market export holds the market, the owner export its own', async () => {
    const csv = async (who: string, scope: string) => (await fetch(`${s.baseUrl}/api/r/purchaseOffers/export?format=csv&scope=${scope}`, { headers: { authorization: callers[who].token } })).text();
    const market = await csv('buyer', 'market');
    expect(market).toContain('市场发盘');
    expect(market).not.toContain('草稿发盘');
    expect(market).not.toContain('撤回发盘');
    expect(await csv('owner', 'mine')).toContain('草稿发盘');
  });

  it('the SQL scope of a list is exactly what the shared ability allows to read, for every caller and record', async () => {
    const def = (await s.call<ResourceDefinition[]>('GET', '/api/meta/resources', { token: callers.owner.token })).body.data.find((d) => d.name === 'purchaseOffers')!;
    const all = Object.values(offers).map((o) => ({ ...o, title: String(o.title), state: o.id === offers.draft.id ? 'draft' : o.id === offers.published.id ? 'published' : 'withdrawn' }));
    for (const [who, caller] of Object.entries(callers)) {
      const ability = defineRecordAbility(def, { accountId: caller.accountId, permissions: permissionsForUser(caller.role, caller.approved ? 'approved' : 'unverified'), approved: caller.approved });
      const expected = all.filter((o) => ability.can('read', asRecord(def, o))).map((o) => o.title).sort();
      const listed: string[] = [];
      for (const scope of ['mine', 'market']) {
        const got = await titles(who, scope);
        if (Array.isArray(got)) listed.push(...got.map(String).filter((t) => all.some((o) => o.title === t)));
      }
      expect(listed.sort(), who).toEqual(expected);
    }
  });
});
