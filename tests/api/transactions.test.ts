// Transactions as every module runs them (db.transaction), on the driver of this run: the work
// commits whole or not at all, a failure is thrown, a failed statement the work swallowed still
// fails the transaction, nested transactions are savepoints, and concurrent transactions do not
// see each other's work.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { resourceRecords } from '../../src/server/db/schema';
import { createAccountWithOwner } from '../../src/server/domains/auth/users-store';
import { dbAvailable, openTestDatabase } from '../support/server';

describe.skipIf(!dbAvailable)('transactions', () => {
  let close: () => Promise<void>;
  let db: Db;
  let by: string;
  const resource = 'transactionTest';
  const record = (title: string) => ({ resource, state: null, data: { title }, createdBy: by, createdAt: new Date(), updatedBy: by, updatedAt: new Date() });
  const titles = async () =>
    (await db.select({ data: resourceRecords.data }).from(resourceRecords).where(eq(resourceRecords.resource, resource))).map((r) => r.data.title).sort();

  beforeAll(async () => {
    const o = await openTestDatabase();
    close = o.close;
    db = o.database.db;
    by = (await createAccountWithOwner(db, { type: 'enterprise', accountName: 'Transaction Co', phone: '13700009901', passwordHash: 'x', role: 'owner', now: new Date() })).id;
  });
  afterAll(async () => close());

  it('commits the work and answers what it answered', async () => {
    const answer = await db.transaction(async (tx) => {
      const [made] = await tx.insert(resourceRecords).values(record('committed')).returning();
      // The transaction sees its own write.
      const [seen] = await tx.select().from(resourceRecords).where(eq(resourceRecords.id, made.id));
      return seen.data.title;
    });
    expect(answer).toBe('committed');
    expect(await titles()).toContain('committed');
  });

  it('rolls everything back when the work throws, and throws what it threw', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(resourceRecords).values(record('thrown'));
        throw new Error('refused by the work');
      }),
    ).rejects.toThrow('refused by the work');
    expect(await titles()).not.toContain('thrown');
  });

  it('fails, writing nothing, when a statement failed even though the work went on', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(resourceRecords).values(record('before the failure'));
        await tx.execute(sql`select 1 / 0`).catch(() => undefined);
        return 'the work thinks all is well';
      }),
    ).rejects.toThrow();
    expect(await titles()).not.toContain('before the failure');
  });

  it('keeps statements sent together in order', async () => {
    const [[made], [{ n }]] = await db.transaction((tx) =>
      Promise.all([
        tx.insert(resourceRecords).values(record('together')).returning(),
        tx.select({ n: sql<number>`count(*)::int` }).from(resourceRecords).where(eq(resourceRecords.resource, resource)),
      ]),
    );
    expect(made.data.title).toBe('together');
    expect(n).toBe((await titles()).length);
  });

  it('runs a nested transaction as a savepoint: its rollback keeps the outer work', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(resourceRecords).values(record('outer'));
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(resourceRecords).values(record('inner, rolled back'));
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await tx.transaction(async (inner) => {
        await inner.insert(resourceRecords).values(record('inner, kept'));
      });
    });
    const now = await titles();
    expect(now).toEqual(expect.arrayContaining(['outer', 'inner, kept']));
    expect(now).not.toContain('inner, rolled back');
  });

  it('keeps concurrent transactions apart: neither sees the other before it commits', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = db.transaction(async (tx) => {
      await tx.insert(resourceRecords).values(record('first, uncommitted'));
      await held;
    });
    await new Promise((r) => setTimeout(r, 50));
    // PGlite runs one transaction at a time: the second waits for the first there.
    const second = db.transaction(async (tx) => (await tx.select().from(resourceRecords).where(eq(resourceRecords.resource, resource))).map((r) => r.data.title));
    const racing = await Promise.race([second, new Promise((r) => setTimeout(() => r('waiting'), 200))]);
    if (racing !== 'waiting') expect(racing).not.toContain('first, uncommitted');
    release();
    await first;
    await second;
    expect(await titles()).toContain('first, uncommitted');
  });
});
