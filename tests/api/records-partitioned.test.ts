// Migration 0022 and the partitions made at start (src/server/resources/partitions.ts), on both
// databases: a store as the release before left it (one resource_records table) keeps every
// record, event, party and bill; each record lands in its resource's partition; the foreign keys
// and triggers that followed the records still do (a record's deletion takes its events, parties
// and bill; the parties' and bills' copies are kept); a record written before its resource had a
// partition moves into the partition the next start makes; and no record changes resource.
import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresClient, type Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/rows';
import { migrationsFolder, repoRoot } from '../../src/server/paths';
import { contributionsOf } from '../../src/server/domain';
import { domains } from '../../src/server/domains';
import { ensureResourceIndexes } from '../../src/server/resources/indexes';
import { loadResources } from '../../src/server/resources/registry';
import { createPgDatabase, dbAvailable, testDbKind } from '../support/server';

const BEFORE = '0021_ledger_daily_moves_triggers';

/** The migrations folder as the release before 0022 shipped it. */
function foldersBefore(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === BEFORE);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

interface Store {
  db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function freshStore(): Promise<Store> {
  if (testDbKind === 'postgres') {
    // Empty, not the run's template: this test applies the migrations itself, up to 0021 first.
    const pg = await createPgDatabase({ empty: true });
    const client = postgresClient(pg.url, { max: 2 });
    const db = drizzlePostgres(client);
    return {
      db: db as unknown as Db,
      migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
      close: async () => {
        await client.end({ timeout: 5 });
        await pg.drop();
      },
    };
  }
  const client = new PGlite();
  const db = drizzlePglite(client);
  return { db: db as unknown as Db, migrate: (folder) => migratePglite(db, { migrationsFolder: folder }), close: () => client.close() };
}

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const U = '00000000-0000-4000-8000-0000000000f1';
const CONTRACT = '00000000-0000-4000-8000-000000000c01';
const BILL = '00000000-0000-4000-8000-000000000b01';
const OFFER = '00000000-0000-4000-8000-000000000o01'.replace('o', '0');
const LATE = '00000000-0000-4000-8000-000000000d01';

const records = (db: Db) =>
  queryRows<Record<string, unknown>>(db, sql`select id, resource, account_id, state, version, data, created_by, created_at, updated_by, updated_at, parties from resource_records order by id`);
const partitionOf = async (db: Db, id: string) =>
  (await queryRows<{ t: string }>(db, sql`select tableoid::regclass::text as t from resource_records where id = ${id}`))[0]?.t;
const count = async (db: Db, query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0].n;

describe.skipIf(!dbAvailable)('records partitioned by resource (migration 0022)', () => {
  let store: Store;
  let before: Record<string, unknown>[];
  const folder = foldersBefore();
  beforeAll(async () => {
    store = await freshStore();
    await store.migrate(folder);
    const { db } = store;
    await db.execute(sql`insert into accounts (id, type, name, created_at, updated_at) values (${A}, 'enterprise', '甲方', now(), now()), (${B}, 'enterprise', '乙方', now(), now())`);
    await db.execute(sql`insert into users (id, account_id, phone, name, password_hash, role, created_at, updated_at) values (${U}, ${A}, '13800000991', '甲', 'x', 'admin', now(), now())`);
    const insert = (id: string, resource: string, state: string, data: object) =>
      db.execute(
        sql`insert into resource_records (id, resource, account_id, state, data, created_by, created_at, updated_by, updated_at) values (${id}, ${resource}, ${A}, ${state}, ${JSON.stringify(data)}::jsonb, ${U}, now(), ${U}, now())`,
      );
    await insert(CONTRACT, 'contracts', 'signed', { title: '钢材采购合同', amount: '80000.00' });
    await insert(BILL, 'bills', 'open', { contractId: CONTRACT, dueDay: '2026-12-31', amount: '64000.00' });
    await insert(OFFER, 'purchaseOffers', 'published', { title: '求购钢材', amount: '1000.00' });
    await db.execute(sql`insert into record_parties (record_id, role, account_id) values (${CONTRACT}, 'buyer', ${A}), (${CONTRACT}, 'seller', ${B})`);
    await db.execute(sql`insert into resource_events (record_id, action, from_state, to_state, by, at) values (${CONTRACT}, 'sign', 'pending', 'signed', ${U}, now())`);
    await db.execute(sql`insert into bills (record_id, contract_id, payer_account_id, payee_account_id, amount_fen) values (${BILL}, ${CONTRACT}, ${A}, ${B}, 6400000)`);
    before = await records(db);
    await store.migrate(migrationsFolder);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every record as it was, each in its resource partition, with its key', async () => {
    const { db } = store;
    expect(before).toHaveLength(3);
    expect(before.find((r) => r.id === CONTRACT)?.parties).toEqual({ buyer: A, seller: B });
    expect(await records(db)).toEqual(before);
    expect(await partitionOf(db, CONTRACT)).toBe('rrp_contracts');
    expect(await partitionOf(db, BILL)).toBe('rrp_bills');
    expect(await partitionOf(db, OFFER)).toBe('"rrp_purchaseOffers"');
    expect(await queryRows(db, sql`select id, resource from record_keys order by id`)).toEqual(before.map((r) => ({ id: r.id, resource: r.resource })));
    expect(await count(db, sql`select count(*)::int as n from resource_records_default`)).toBe(0);
    // The keys to a record now point at record_keys.
    const keys = await queryRows<{ name: string; target: string }>(
      db,
      sql`select conname as name, confrelid::regclass::text as target from pg_constraint where contype = 'f' and conrelid in ('record_parties'::regclass, 'resource_events'::regclass, 'bills'::regclass) and conname like '%record_id%' order by conname`,
    );
    expect(keys).toEqual([
      { name: 'bills_record_id_record_keys_id_fk', target: 'record_keys' },
      { name: 'record_parties_record_id_record_keys_id_fk', target: 'record_keys' },
      { name: 'resource_events_record_id_record_keys_id_fk', target: 'record_keys' },
    ]);
  });

  it('keeps the parties and bills copies, and refuses an event of no record', async () => {
    const { db } = store;
    await db.execute(sql`insert into record_parties (record_id, role, account_id) values (${OFFER}, 'publisher', ${A})`);
    expect((await records(db)).find((r) => r.id === OFFER)?.parties).toEqual({ publisher: A });
    await db.execute(sql`update resource_records set state = 'paid' where resource = 'bills' and id = ${BILL}`);
    expect(await queryRows(db, sql`select state, due_day from bills where record_id = ${BILL}`)).toEqual([{ state: 'paid', due_day: '2026-12-31' }]);
    await expect(db.execute(sql`insert into resource_events (record_id, action, by, at) values (gen_random_uuid(), 'x', ${U}, now())`)).rejects.toThrow();
  });

  it('refuses to move a record to another resource', async () => {
    await expect(store.db.execute(sql`update resource_records set resource = 'supplyOffers' where resource = 'purchaseOffers' and id = ${OFFER}`)).rejects.toThrow();
    expect(await partitionOf(store.db, OFFER)).toBe('"rrp_purchaseOffers"');
  });

  it('makes the missing partitions at start and moves records written before into theirs', async () => {
    const { db } = store;
    // supplyOffers had no records at the migration: no partition yet, so its record lands in the default one.
    await db.execute(
      sql`insert into resource_records (id, resource, account_id, state, data, created_by, created_at, updated_by, updated_at) values (${LATE}, 'supplyOffers', ${A}, 'published', '{"title":"供应钢材"}'::jsonb, ${U}, now(), ${U}, now())`,
    );
    await db.execute(sql`insert into resource_events (record_id, resource, action, to_state, by, at) values (${LATE}, 'supplyOffers', 'publish', 'published', ${U}, now())`);
    expect(await partitionOf(db, LATE)).toBe('resource_records_default');
    const held = await records(db);
    await ensureResourceIndexes(db, loadResources(repoRoot, contributionsOf(domains)));
    expect(await partitionOf(db, LATE)).toBe('"rrp_supplyOffers"');
    expect(await records(db)).toEqual(held);
    expect(await count(db, sql`select count(*)::int as n from resource_events where record_id = ${LATE}`)).toBe(1);
    expect(await count(db, sql`select count(*)::int as n from resource_records_default`)).toBe(0);
    // Each resource's indexes on its own partition, none on another's.
    const misplaced = await count(
      db,
      sql`select count(*)::int as n from pg_indexes where indexname like 'rr\\_contracts\\_%' and tablename <> 'rrp_contracts'`,
    );
    expect(misplaced).toBe(0);
    expect(await count(db, sql`select count(*)::int as n from pg_indexes where indexname like 'rr\\_contracts\\_%' and tablename = 'rrp_contracts'`)).toBeGreaterThan(5);
    // A second start has nothing to make.
    expect(await ensureResourceIndexes(db, loadResources(repoRoot, contributionsOf(domains)))).toBe(0);
  });

  it("deletes a record's events, parties and bill with it", async () => {
    const { db } = store;
    await db.execute(sql`delete from resource_records where resource = 'bills' and id = ${BILL}`);
    await db.execute(sql`delete from resource_records where resource = 'contracts' and id = ${CONTRACT}`);
    expect(await count(db, sql`select count(*)::int as n from bills`)).toBe(0);
    expect(await count(db, sql`select count(*)::int as n from resource_events where record_id = ${CONTRACT}`)).toBe(0);
    expect(await count(db, sql`select count(*)::int as n from record_parties where record_id = ${CONTRACT}`)).toBe(0);
    expect(await count(db, sql`select count(*)::int as n from record_keys where id in (${CONTRACT}, ${BILL})`)).toBe(0);
  });
});
