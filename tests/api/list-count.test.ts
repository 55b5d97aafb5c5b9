// A list's total is exact up to LIST_COUNT_CAP matches; past it the count stops and the page
// says so (totalExact false, total the cap, or the records up to the page when it lies beyond).
// The owner's offers are inserted directly: a thousand creates over HTTP would only be slower.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { resourceRecords } from '../../src/server/db/schema';
import { LIST_COUNT_CAP } from '../../src/server/resources/query';
import { signedIn } from '../support/flows';
import { approveAccount } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const SERVICE = 5;

describe.skipIf(!dbAvailable)('list totals are exact up to the cap, then a lower bound that says so', () => {
  let s: TestServer;
  let owner: string;
  let other: string;

  const list = async (token: string, query: string) => {
    const res = await s.call<Page<ResourceRecord>>('GET', `/api/r/purchaseOffers?${query}`, { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    s = await startTestServer();
    const a = await signedIn(s, { userType: 'enterprise', enterpriseName: '杭州计数发盘有限公司' });
    const b = await signedIn(s, { userType: 'enterprise', enterpriseName: '苏州计数看盘有限公司' });
    await approveAccount(s, a.phone);
    await approveAccount(s, b.phone);
    owner = a.token;
    other = b.token;
    const me = (await s.call<{ id: string; accountId: string }>('GET', '/api/system/users/info', { token: owner })).body.data;
    // CAP + 1 offers: one published (the market's only one), the rest drafts; the first few
    // in another category. Newest first is the list order: offer i is i minutes old.
    const now = s.clock.now().getTime();
    const rows = Array.from({ length: LIST_COUNT_CAP + 1 }, (_, i) => {
      const at = new Date(now - i * 60_000);
      return {
        resource: 'purchaseOffers',
        accountId: me.accountId,
        state: i === 0 ? 'published' : 'draft',
        data: {
          title: `offer ${i}`,
          category: i < SERVICE ? 'service' : 'rawMaterial',
          goodsName: 'rebar',
          unit: 'ton',
          quantity: 1,
          unitPrice: '100.00',
          amount: '100.00',
          deliveryDate: '2099-12-20',
          validUntil: '2099-12-31',
          deliveryRegion: ['33', '3301', '330106'],
        },
        createdBy: me.id,
        createdAt: at,
        updatedBy: me.id,
        updatedAt: at,
      };
    });
    await s.ctx.db.insert(resourceRecords).values(rows);
  });
  afterAll(async () => s?.close());

  it('a list past the cap answers the cap as its total, flagged not exact', async () => {
    const page = await list(owner, 'scope=mine&pageNo=1&pageSize=10');
    expect(page.total).toBe(LIST_COUNT_CAP);
    expect(page.totalExact).toBe(false);
    expect(page.records.map((r) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `offer ${i}`));
  });

  it('a list of exactly the cap, or fewer, is counted exactly and carries no flag', async () => {
    const drafts = await list(owner, 'scope=mine&state=draft&pageSize=10');
    expect(drafts.total).toBe(LIST_COUNT_CAP);
    expect(drafts).not.toHaveProperty('totalExact');

    const service = await list(owner, 'scope=mine&category=service&pageSize=20');
    expect(service.total).toBe(SERVICE);
    expect(service.records).toHaveLength(SERVICE);
    expect(service).not.toHaveProperty('totalExact');
  });

  it('a page beyond the cap still answers its records, the total growing to include them', async () => {
    const last = LIST_COUNT_CAP / 10 + 1;
    const beyond = await list(owner, `scope=mine&pageNo=${last}&pageSize=10`);
    expect(beyond.records.map((r) => r.title)).toEqual([`offer ${LIST_COUNT_CAP}`]);
    expect(beyond.total).toBe(LIST_COUNT_CAP + 1);
    expect(beyond.totalExact).toBe(false);
  });

  it("the cap counts only the caller's scope: another account's market sees the one published offer, exactly", async () => {
    const market = await list(other, 'scope=market&pageSize=10');
    expect(market.total).toBe(1);
    expect(market.records.map((r) => r.title)).toEqual(['offer 0']);
    expect(market).not.toHaveProperty('totalExact');
    const mine = await list(other, 'scope=mine&pageSize=10');
    expect(mine).toEqual({ records: [], total: 0 });
  });
});
