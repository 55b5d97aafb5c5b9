// transferBatch (src/server/ledger/transfers.ts): a set of transfers posted in two statements
// leaves the ledger exactly as the same transfers made one by one, keeps every invariant, and
// refuses as a whole (nothing written) when a wallet would end short or a key was used.
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { ledgerLines, ledgerTransfers } from '../../src/server/db/schema';
import { walletFigures } from '../../src/server/ledger/accounts';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { transfer, transferBatch, type TransferSpec } from '../../src/server/ledger/transfers';
import { allLedgerInvariants, ledgerAccounts, outcome } from '../support/ledger';
import { dbAvailable, openTestDatabase, testDbKind } from '../support/server';

const NOW = new Date('2026-11-20T02:00:00Z');
const ref = { resource: 'test', id: randomUUID() };

describe.skipIf(!dbAvailable)('ledger: transferBatch', () => {
  let db: Db;
  let close: () => Promise<void>;
  const { newAccount, deposit } = ledgerAccounts(() => db, 'Batch Co', ref, NOW);
  const spec = (debit: string, credit: string, amount: bigint, key = randomUUID()): TransferSpec => ({ debit, credit, amount, kind: 'nettingSettlement', ref, key, userId: null, now: NOW });
  /** A wallet's statement lines as the account pages read them. */
  const linesOf = async (accountId: string) =>
    (await db.select().from(ledgerLines).where(inArray(ledgerLines.accountId, [accountId]))).map((l) => `${l.direction} ${l.kind} ${l.amount} ${l.state}`).sort();

  beforeAll(async () => {
    const t = await openTestDatabase();
    db = t.database.db;
    close = t.close;
  });
  afterAll(() => close?.());

  it('leaves the wallets, their statement lines and the invariants as the same transfers one by one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ from: fc.nat(3), to: fc.nat(3), fen: fc.bigInt(1n, 8_000n) }), { minLength: 1, maxLength: 12 }), async (moves) => {
        const valid = moves.filter((m) => m.from !== m.to);
        if (!valid.length) return;
        // Two identical worlds of four wallets with 100,000 fen each: one batch in one, transfer() each in the other.
        const [a, b] = [await Promise.all([0, 1, 2, 3].map(newAccount)), await Promise.all([0, 1, 2, 3].map(newAccount))];
        for (const w of [...a, ...b]) await deposit(w.wallet, 100_000n);
        const rows = await db.transaction((tx) => transferBatch(tx, valid.map((m) => spec(a[m.from].wallet, a[m.to].wallet, m.fen))));
        expect(rows.map((r) => [r.debitAccountId, r.creditAccountId, r.amount])).toEqual(valid.map((m) => [a[m.from].wallet, a[m.to].wallet, m.fen]));
        expect(new Set(rows.map((r) => r.id)).size).toBe(valid.length);
        await db.transaction(async (tx) => {
          for (const m of valid) await transfer(tx, spec(b[m.from].wallet, b[m.to].wallet, m.fen));
        });
        for (const i of [0, 1, 2, 3]) {
          expect(await walletFigures(db, a[i].id)).toEqual(await walletFigures(db, b[i].id));
          expect(await linesOf(a[i].id)).toEqual(await linesOf(b[i].id));
        }
        expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
      }),
      { numRuns: 10 },
    );
  });

  it('judges a wallet on where the batch leaves it: money it receives in the batch may pay on', async () => {
    const [a, b, c] = await Promise.all([newAccount(), newAccount(), newAccount()]);
    await deposit(a.wallet, 1_000n);
    // b holds nothing; it receives 1,000 from a and passes 600 to c in the same batch.
    await db.transaction((tx) => transferBatch(tx, [spec(b.wallet, c.wallet, 600n), spec(a.wallet, b.wallet, 1_000n)]));
    expect((await walletFigures(db, a.id)).available).toBe(0n);
    expect((await walletFigures(db, b.id)).available).toBe(400n);
    expect((await walletFigures(db, c.id)).available).toBe(600n);
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
  });

  it('refuses the whole batch when a wallet would end short, writing nothing', async () => {
    const [a, b, c] = await Promise.all([newAccount(), newAccount(), newAccount()]);
    await deposit(a.wallet, 1_000n);
    const batch = [spec(a.wallet, b.wallet, 700n), spec(a.wallet, c.wallet, 301n)];
    expect(await outcome(db.transaction((tx) => transferBatch(tx, batch)))).toBe('insufficientBalance');
    expect(await db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.key, batch.map((s) => s.key)))).toEqual([]);
    expect((await walletFigures(db, a.id)).available).toBe(1_000n);
    expect(await linesOf(b.id)).toEqual([]);
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
  });

  it('refuses the whole batch when one key was already used, writing nothing of it', async () => {
    const [a, b] = await Promise.all([newAccount(), newAccount()]);
    await deposit(a.wallet, 1_000n);
    const used = randomUUID();
    await db.transaction((tx) => transfer(tx, spec(a.wallet, b.wallet, 100n, used)));
    const fresh = randomUUID();
    expect(await outcome(db.transaction((tx) => transferBatch(tx, [spec(a.wallet, b.wallet, 200n, fresh), spec(a.wallet, b.wallet, 300n, used)])))).toBe('transferDone');
    expect(await db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.key, [fresh]))).toEqual([]);
    expect((await walletFigures(db, b.id)).available).toBe(100n);
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
  });

  it(`never deadlocks or overdraws when batches over the same wallets cross (${testDbKind})`, async () => {
    const ws = await Promise.all([0, 1, 2, 3, 4].map(newAccount));
    for (const w of ws) await deposit(w.wallet, 1_000n);
    // Each batch pays around the ring, in opposite directions; 200 fen a leg, so some run short.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        outcome(db.transaction((tx) => transferBatch(tx, ws.map((w, i) => (k % 2 ? spec(w.wallet, ws[(i + 1) % 5].wallet, 150n + BigInt(k)) : spec(ws[(i + 1) % 5].wallet, w.wallet, 150n + BigInt(k))))))),
      ),
    );
    expect(results.every((r) => r === 'ok' || r === 'insufficientBalance')).toBe(true);
    let total = 0n;
    for (const w of ws) {
      const f = await walletFigures(db, w.id);
      expect(f.available >= 0n).toBe(true);
      total += f.available;
    }
    expect(total).toBe(5_000n);
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
  });
});
