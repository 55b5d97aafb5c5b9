// Statements built once (src/server/db/statements.ts), on the driver of this run: a statement
// answers what its drizzle builder answers, runs in the session it is given (a transaction sees
// its own writes, a rollback undoes them), writes values as their columns do (dates, JSON, null),
// and one statement serves two databases.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planEachCall, type Db } from '../../src/server/db/client';
import { resourceEvents, resourceRecords } from '../../src/server/db/schema';
import { slot, statement, statementPerResource } from '../../src/server/db/statements';
import { createAccountWithOwner } from '../../src/server/domains/auth/users-store';
import { dbAvailable, openTestDatabase, testDbKind } from '../support/server';

const insertRecord = statement('test_insert_record', (db) =>
  db
    .insert(resourceRecords)
    .values({
      resource: slot('resource', resourceRecords.resource),
      state: slot('state', resourceRecords.state),
      data: slot('data', resourceRecords.data),
      createdBy: slot('by', resourceRecords.createdBy),
      createdAt: slot('at', resourceRecords.createdAt),
      updatedBy: slot('by', resourceRecords.updatedBy),
      updatedAt: slot('at', resourceRecords.updatedAt),
    })
    .returning(),
);
const recordById = statement('test_record_by_id', (db) => db.select().from(resourceRecords).where(eq(resourceRecords.id, slot('id', resourceRecords.id))));
const recordOfResource = statementPerResource('test_record_of_resource', (db, resource) =>
  db.select().from(resourceRecords).where(and(eq(resourceRecords.resource, resource), eq(resourceRecords.id, slot('id', resourceRecords.id)))),
);
const eventCount = statement('test_event_count', (db) =>
  db.select({ n: sql<number>`count(*)::int` }).from(resourceEvents).where(eq(resourceEvents.recordId, sql.placeholder('recordId'))),
);

describe.skipIf(!dbAvailable)('statements built once', () => {
  const opened: Array<{ database: { db: Db }; close: () => Promise<void> }> = [];
  let db: Db;
  /** A user of each database, who makes the records. */
  const by: string[] = [];
  const open = async () => {
    const o = await openTestDatabase();
    opened.push(o);
    const user = await createAccountWithOwner(o.database.db, { type: 'enterprise', accountName: 'Statement Co', phone: `1370000${String(opened.length).padStart(4, '0')}`, passwordHash: 'x', role: 'owner', now: new Date() });
    by.push(user.id);
    return o.database.db;
  };
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    for (const o of opened) await o.close();
  });

  it('answers what the builder answers, with dates, JSON and null written as their columns write them', async () => {
    const at = new Date('2026-11-20T08:30:00.123Z');
    const data = { title: 'Steel 钢材', amount: '1,000.00', nested: { list: [1, 'two', null] } };
    const [made] = await insertRecord(db, { resource: 'statementTest', state: null, data, at, by: by[0] });
    expect(made).toMatchObject({ resource: 'statementTest', state: null, data, version: 1 });
    expect(made.createdAt).toEqual(at);
    const [viaBuilder] = await db.select().from(resourceRecords).where(eq(resourceRecords.id, made.id));
    expect(await recordById(db, { id: made.id })).toEqual([viaBuilder]);
    expect(viaBuilder.data).toEqual(data);
  });

  it('runs in the transaction it is given: its own writes seen inside, undone by a rollback', async () => {
    let id = '';
    await expect(
      db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        [{ id }] = await insertRecord(tx, { resource: 'statementTest', state: 'draft', data: {}, at: new Date(), by: by[0] });
        expect(await recordById(tx, { id })).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(id).not.toBe('');
    expect(await recordById(db, { id })).toEqual([]);
  });

  it.skipIf(testDbKind !== 'postgres')('prepares drizzle statements on PostgreSQL, but not bulk ones (db/client.ts)', async () => {
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const prepared = async (like: string) =>
        ((await tx.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like ${like}`)) as unknown as Array<{ n: number }>)[0].n;
      await tx.select().from(resourceRecords).where(eq(resourceRecords.resource, 'preparedProbe'));
      expect(await prepared('%preparedProbe%')).toBe(0); // the value is a parameter, not in the text
      expect(await prepared('select % from "resource_records" where "resource_records"."resource" = $1')).toBe(1);
      const many = Array.from({ length: 70 }, (_, i) => `bulk-${i}`);
      await tx.select().from(resourceRecords).where(inArray(resourceRecords.resource, many));
      expect(await prepared('%"resource_records"."resource" in ($1, $2, $3%')).toBe(0);
      // A list's statements are planned for their values each time: sent unnamed, not kept.
      await planEachCall(() => tx.select().from(resourceRecords).where(eq(resourceRecords.state, 'listProbe')));
      expect(await prepared('%"resource_records"."state" = $1%')).toBe(0);
      await tx.select().from(resourceRecords).where(eq(resourceRecords.state, 'listProbe'));
      expect(await prepared('%"resource_records"."state" = $1%')).toBe(1);
    });
  });

  it('writes the resource into the text of a statement per resource, one statement each', async () => {
    const [made] = await insertRecord(db, { resource: 'statementTest', state: 'draft', data: {}, at: new Date(), by: by[0] });
    expect(await recordOfResource(db, 'statementTest', { id: made.id })).toHaveLength(1);
    expect(await recordOfResource(db, 'otherResource', { id: made.id })).toEqual([]);
    expect(() => recordOfResource(db, "x' or '1'='1", { id: made.id })).toThrow(/not a plain name/);
  });

  it('serves a second database with the same statement', async () => {
    const other = await open();
    const [here] = await insertRecord(db, { resource: 'statementTest', state: null, data: { n: 1 }, at: new Date(), by: by[0] });
    expect(await recordById(other, { id: here.id })).toEqual([]);
    const [there] = await insertRecord(other, { resource: 'statementTest', state: null, data: { n: 2 }, at: new Date(), by: by[1] });
    expect((await recordById(other, { id: there.id }))[0].data).toEqual({ n: 2 });
    expect(await eventCount(other, { recordId: there.id })).toEqual([{ n: 0 }]);
  });
});
