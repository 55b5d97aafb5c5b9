// A transaction PostgreSQL aborted as a deadlock (40P01) or serialization failure (40001) runs
// again whole (src/server/db/conflicts.ts); any other error, and a third abort in a row, goes out.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { CONFLICT_TRIES, isTransactionConflict, retryingConflicts } from '../../src/server/db/conflicts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code, query: 'update x' });

describe('retryingConflicts', () => {
  it('knows a deadlock and a serialization failure, wrapped by drizzle or not, and nothing else', () => {
    for (const code of ['40P01', '40001']) {
      expect(isTransactionConflict(pgError(code))).toBe(true);
      expect(isTransactionConflict(new DrizzleQueryError('update x', [], pgError(code)))).toBe(true);
    }
    for (const code of ['23505', '57014', '08006', 'CONNECTION_CLOSED']) expect(isTransactionConflict(pgError(code))).toBe(false);
    expect(isTransactionConflict(undefined)).toBe(false);
  });

  it('runs the transaction again after an abort and answers what the next try answers', async () => {
    let tries = 0;
    const answer = await retryingConflicts(async () => {
      tries += 1;
      if (tries === 1) throw new DrizzleQueryError('update x', [], pgError('40P01'));
      return 'committed';
    });
    expect([answer, tries]).toEqual(['committed', 2]);
  });

  it('lets any other error out at once, and the third abort in a row', async () => {
    let tries = 0;
    await expect(
      retryingConflicts(async () => {
        tries += 1;
        throw pgError('23505');
      }),
    ).rejects.toThrow('pg 23505');
    expect(tries).toBe(1);
    tries = 0;
    await expect(
      retryingConflicts(async () => {
        tries += 1;
        throw pgError('40001');
      }),
    ).rejects.toThrow('pg 40001');
    expect(tries).toBe(CONFLICT_TRIES);
  });
});
