// Two transactions that lock the same rows in opposite orders deadlock on PostgreSQL, which
// aborts one of them (40P01); run through retryingConflicts (as every request's transaction is,
// src/server/idempotency.ts) the aborted one runs again once the other has committed, and both
// land (through HTTP: tests/api/bulk-actions.test.ts, two bulk payments whose payees cross).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { retryingConflicts } from '../../src/server/db/conflicts';
import { queryRows } from '../../src/server/db/rows';
import { openTestDatabase, testDbKind } from '../support/server';

describe.skipIf(testDbKind !== 'postgres')('transactions aborted as conflicts run again', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const o = await openTestDatabase();
    db = o.database.db;
    close = o.close;
    await db.execute(sql`create table conflict_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into conflict_probe values (1, 0), (2, 0)`);
  });
  afterAll(() => close?.());

  it('lands both of two transactions that deadlocked, the aborted one on its second try', { timeout: 30_000 }, async () => {
    // Each takes its first row, then waits until the other has taken its own: a certain deadlock on the first try.
    let taken = 0;
    let bothTaken!: () => void;
    const barrier = new Promise<void>((resolve) => (bothTaken = resolve));
    const tries = [0, 0];
    const crossing = (side: 0 | 1, first: number, second: number) =>
      retryingConflicts(() =>
        db.transaction(async (raw) => {
          const tx = raw as unknown as Db;
          tries[side] += 1;
          await tx.execute(sql`update conflict_probe set n = n + 1 where id = ${first}`);
          if ((taken += 1) === 2) bothTaken();
          await barrier;
          await tx.execute(sql`update conflict_probe set n = n + 1 where id = ${second}`);
          return side;
        }),
      );
    expect(await Promise.all([crossing(0, 1, 2), crossing(1, 2, 1)])).toEqual([0, 1]);
    // PostgreSQL aborted exactly one of them once; its rolled-back first update is not counted.
    expect([...tries].sort()).toEqual([1, 2]);
    expect(await queryRows<{ id: number; n: number }>(db, sql`select id, n from conflict_probe order by id`)).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});
