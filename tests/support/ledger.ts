// Helpers of the ledger's API tests (ledger.test.ts, ledger-batch.test.ts): accounts with a
// wallet, deposits into them, the 409 a money step was refused with, and the invariants a server
// of every domain checks (for tests that build no server).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import { accounts } from '../../src/server/db/schema';
import { domains } from '../../src/server/domains';
import { ledgerInvariants } from '../../src/server/ledger/invariants';
import { PLATFORM, ensureWallet } from '../../src/server/ledger/accounts';
import { transfer } from '../../src/server/ledger/transfers';
import { AppError } from '../../src/server/errors';

/** The core's invariants and those of every domain of src/server/domains, as a server compiles them at start. */
export const allLedgerInvariants = ledgerInvariants(domains);

/** `db` is read when called: the tests open their database in beforeAll. */
export function ledgerAccounts(db: () => Db, name: string, ref: { resource: string; id: string }, now: Date) {
  return {
    newAccount: async () => {
      const [a] = await db().insert(accounts).values({ type: 'enterprise', name, createdAt: now, updatedAt: now }).returning();
      return { id: a.id, wallet: await ensureWallet(db(), a.id, now) };
    },
    deposit: (wallet: string, fen: bigint, key: string = randomUUID()) =>
      db().transaction((tx) => transfer(tx, { debit: PLATFORM.bankClearing, credit: wallet, amount: fen, kind: 'deposit', ref, key, userId: null, now })),
  };
}

/** The 409 message key a step was refused with, or 'ok'. */
export async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (err) {
    if (err instanceof AppError && err.code === 409) return String(err.msg);
    throw err;
  }
}
