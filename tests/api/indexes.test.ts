// The list indexes made at start from the resource files (src/server/resources/indexes.ts): an
// index or statistics object created on a table that already holds records is analyzed at
// once, so the planner knows its expressions before autovacuum would get round to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resourceRecords, users } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/rows';
import { ensureResourceIndexes } from '../../src/server/resources/indexes';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('list indexes', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000071', ADMIN_PASSWORD: 'Admin#2026' });
  });
  afterAll(() => s?.close());

  const amountStats = async () =>
    (await queryRows<{ n: number }>(s.ctx.db, sql`select count(*)::int as n from pg_stats where tablename = 'rr_purchaseoffers_amount'`))[0].n;

  it('analyzes an expression index it creates on records already there', async () => {
    const [owner] = await s.ctx.db.select().from(users).limit(1);
    const now = new Date();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      resource: 'purchaseOffers',
      accountId: owner.accountId,
      state: 'draft',
      data: { title: `offer ${i}`, amount: `${1000 + i}.00` },
      createdBy: owner.id,
      createdAt: now,
      updatedBy: owner.id,
      updatedAt: now,
    }));
    await s.ctx.db.insert(resourceRecords).values(rows);
    // As a deploy that adds the amount filter to a table with records: the index is new.
    await s.ctx.db.execute(sql`drop index rr_purchaseoffers_amount`);
    await s.ctx.db.execute(sql`analyze resource_records`);
    expect(await amountStats()).toBe(0);
    await ensureResourceIndexes(s.ctx.db, s.ctx.resources);
    expect(await amountStats()).toBeGreaterThan(0);
  });

  const indexNames = async () =>
    (await queryRows<{ name: string }>(s.ctx.db, sql`select relname as name from pg_class where relkind = 'i' and relname like 'rr\_%'`)).map((r) => r.name);

  it('makes the party and market indexes the resource files declare, and drops one no file declares', async () => {
    // As an index a former version of a resource file declared (a filter since removed).
    await s.ctx.db.execute(sql`create index rr_contracts_formerfilter on resource_records ((data->>'formerFilter')) where resource = 'contracts'`);
    await ensureResourceIndexes(s.ctx.db, s.ctx.resources);
    const names = await indexNames();
    expect(names).not.toContain('rr_contracts_formerfilter');
    // contracts: per party role, its list order and (party, value) per enum/range filter and state.
    for (const role of ['buyer', 'seller']) {
      expect(names).toEqual(expect.arrayContaining([`rr_contracts__party_${role}`, `rr_contracts__party_${role}_state`, `rr_contracts__party_${role}_amount`, `rr_contracts__party_${role}_source`]));
    }
    // A market: per enum and range filter, on the market's records.
    expect(names).toEqual(expect.arrayContaining(['rr_purchaseoffers__market_category', 'rr_purchaseoffers__market_amount', 'rr_mutualoffers__market_side']));
    // bills are listed by due day: the owner's and each party's order indexes (…, dueDay, id) also
    // serve a due-day filter, so no second (…, dueDay) index is kept for every write to pay for.
    expect(names).toEqual(expect.arrayContaining(['rr_bills__owned_order', 'rr_bills__party_payer', 'rr_bills__party_payee', 'rr_bills_amount', 'rr_bills__party_payer_amount']));
    expect(names).not.toContain('rr_bills_dueday');
    expect(names.filter((n) => /^rr_bills__party_(payer|payee)_dueday$/.test(n))).toEqual([]);
    // A second start on the same files creates nothing and drops nothing.
    expect(await ensureResourceIndexes(s.ctx.db, s.ctx.resources)).toBe(0);
    expect((await indexNames()).sort()).toEqual(names.sort());
  });
});
