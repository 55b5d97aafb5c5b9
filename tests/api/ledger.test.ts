// The ledger core (DESIGN §8, issue 8): transfers, two-phase holds and the ledger invariants, on
// the real database of this project (PGlite, or PostgreSQL where the races are real).
// Random sequences of money steps are checked against a model of every wallet; concurrent
// steps on one wallet never overdraw it, and a business step moves money once.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { PLATFORM, ensureCollateralAccounts, escrowId, walletFigures } from '../../src/server/ledger/accounts';
import { CORE_INVARIANTS, checkLedger, ledgerInvariants, ledgerSound } from '../../src/server/ledger/invariants';
import { hold, postHold, transfer, voidHold } from '../../src/server/ledger/transfers';
import { allLedgerInvariants, ledgerAccounts, outcome } from '../support/ledger';
import { dbAvailable, openTestDatabase, testDbKind } from '../support/server';

const NOW = new Date('2026-11-20T02:00:00Z');
const ref = { resource: 'test', id: randomUUID() };
const step = (key: string) => ({ kind: 'test', key, userId: null, now: NOW });

describe.skipIf(!dbAvailable)('ledger', () => {
  let db: Db;
  let close: () => Promise<void>;
  const { newAccount, deposit } = ledgerAccounts(() => db, 'Ledger Co', ref, NOW);

  beforeAll(async () => {
    const t = await openTestDatabase();
    db = t.database.db;
    close = t.close;
  });
  afterAll(() => close?.());

  it('keeps every wallet equal to a model of random deposits, holds, posts, voids and payments, and the invariants hold', async () => {
    const wallets = await Promise.all([newAccount(), newAccount(), newAccount()]);
    const model = wallets.map(() => ({ available: 0n, held: 0n, escrow: 0n }));
    const open: Array<{ key: string; from: number; amount: bigint; to: 'bank' | 'escrow'; contract: string }> = [];
    const op = fc.oneof(
      fc.record({ t: fc.constant('deposit' as const), w: fc.nat(2), fen: fc.bigInt(1n, 500_000n) }),
      fc.record({ t: fc.constant('withdraw' as const), w: fc.nat(2), fen: fc.bigInt(1n, 300_000n) }),
      fc.record({ t: fc.constant('collateral' as const), w: fc.nat(2), fen: fc.bigInt(1n, 300_000n) }),
      fc.record({ t: fc.constant('pay' as const), w: fc.nat(2), to: fc.nat(2), fen: fc.bigInt(1n, 200_000n) }),
      fc.record({ t: fc.constant('resolve' as const), i: fc.nat(50), post: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const o of ops) {
          if (o.t === 'deposit') {
            await deposit(wallets[o.w].wallet, o.fen);
            model[o.w].available += o.fen;
          } else if (o.t === 'withdraw' || o.t === 'collateral') {
            const key = randomUUID();
            // Collateral goes to its contract's own escrow account, as payCollateral holds it.
            const contract = randomUUID();
            const r = await outcome(
              db.transaction(async (tx) => {
                const credit = o.t === 'withdraw' ? PLATFORM.bankClearing : (await ensureCollateralAccounts(tx, wallets[o.w].id, contract, NOW)).escrow;
                const holdRef = o.t === 'withdraw' ? ref : { resource: 'contracts', id: contract };
                return hold(tx, { debit: wallets[o.w].wallet, credit, amount: o.fen, kind: o.t, ref: holdRef, key, userId: null, now: NOW });
              }),
            );
            expect(r).toBe(model[o.w].available >= o.fen ? 'ok' : 'insufficientBalance');
            if (r === 'ok') {
              model[o.w].available -= o.fen;
              model[o.w][o.t === 'withdraw' ? 'held' : 'escrow'] += o.fen;
              open.push({ key, from: o.w, amount: o.fen, to: o.t === 'withdraw' ? 'bank' : 'escrow', contract });
            }
          } else if (o.t === 'pay') {
            if (o.w === o.to) continue;
            const r = await outcome(db.transaction((tx) => transfer(tx, { debit: wallets[o.w].wallet, credit: wallets[o.to].wallet, amount: o.fen, kind: 'pay', ref, key: randomUUID(), userId: null, now: NOW })));
            expect(r).toBe(model[o.w].available >= o.fen ? 'ok' : 'insufficientBalance');
            if (r === 'ok') {
              model[o.w].available -= o.fen;
              model[o.to].available += o.fen;
            }
          } else if (open.length) {
            const [h] = open.splice(o.i % open.length, 1);
            const m = model[h.from];
            if (h.to === 'bank') m.held -= h.amount;
            else m.escrow -= h.amount;
            if (o.post) {
              await db.transaction(async (tx) => {
                await postHold(tx, h.key, step(`${h.key}:post`));
                // Collateral released goes on to the next wallet, as a release does to the seller.
                if (h.to === 'escrow') {
                  const release = { debit: escrowId(h.contract), credit: wallets[(h.from + 1) % 3].wallet, amount: h.amount, kind: 'release', key: `${h.key}:release`, userId: null, now: NOW };
                  await transfer(tx, { ...release, ref: { resource: 'contracts', id: h.contract } });
                }
              });
              if (h.to === 'escrow') model[(h.from + 1) % 3].available += h.amount;
            } else {
              await db.transaction((tx) => voidHold(tx, h.key, step(`${h.key}:void`)));
              m.available += h.amount;
            }
          }
        }
        for (const [i, w] of wallets.entries()) {
          const f = await walletFigures(db, w.id);
          expect({ available: f.available, held: f.held, escrow: f.escrow }).toEqual(model[i]);
        }
        expect(await checkLedger(db, allLedgerInvariants)).toEqual({ zeroSum: [], noNegative: [], holdResolvedOnce: [], balancesMatchTransfers: [], linesMatchTransfers: [], escrowPerContract: [], dailyMovesMatchLines: [], billOpenAmounts: [], billFamilies: [] });
      }),
      { numRuns: 15 },
    );
  });

  it('posts or voids a hold once: a second resolution is refused and changes nothing', async () => {
    const a = await newAccount();
    await deposit(a.wallet, 10_000n);
    await db.transaction((tx) => hold(tx, { debit: a.wallet, credit: PLATFORM.bankClearing, amount: 4_000n, kind: 'withdrawal', ref, key: 'w-once', userId: null, now: NOW }));
    await db.transaction((tx) => postHold(tx, 'w-once', step('w-once:post')));
    expect(await outcome(db.transaction((tx) => voidHold(tx, 'w-once', step('w-once:void'))))).toBe('transferDone');
    expect(await outcome(db.transaction((tx) => postHold(tx, 'w-once', step('w-once:post2'))))).toBe('transferDone');
    expect(await walletFigures(db, a.id)).toEqual({ available: 6_000n, held: 0n, escrow: 0n, objectionDeposits: 0n });
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
  });

  it('moves a business step once: the same key a second time is refused', async () => {
    const a = await newAccount();
    await deposit(a.wallet, 500n, 'dep-once');
    expect(await outcome(deposit(a.wallet, 500n, 'dep-once'))).toBe('transferDone');
    expect((await walletFigures(db, a.id)).available).toBe(500n);
  });

  it('rolls back the transfer with the transaction that made it', async () => {
    const a = await newAccount();
    await expect(
      db.transaction(async (tx) => {
        await transfer(tx, { debit: PLATFORM.bankClearing, credit: a.wallet, amount: 700n, kind: 'deposit', ref, key: randomUUID(), userId: null, now: NOW });
        throw new Error('the business step failed after the transfer');
      }),
    ).rejects.toThrow('business step failed');
    expect((await walletFigures(db, a.id)).available).toBe(0n);
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
  });

  it('finds a broken ledger: each invariant query reports what breaks it', async () => {
    const a = await newAccount();
    await deposit(a.wallet, 1_000n);
    await db.execute(sql`update ledger_accounts set credits_posted = credits_posted + 1 where id = ${a.wallet}`);
    const broken = await checkLedger(db, allLedgerInvariants);
    expect(broken.zeroSum).toHaveLength(1);
    expect(broken.balancesMatchTransfers).toEqual([{ id: a.wallet }]);
    await db.execute(sql`update ledger_accounts set credits_posted = credits_posted - 1002 where id = ${a.wallet}`);
    expect((await checkLedger(db, allLedgerInvariants)).noNegative).toEqual([{ id: a.wallet, balance: '-1' }]);
    await db.execute(sql`update ledger_accounts set credits_posted = credits_posted + 1001 where id = ${a.wallet}`);
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
    // A statement line out of step with its transfer.
    await db.execute(sql`update ledger_lines set state = 'voided' where account_id = ${a.id}`);
    expect((await checkLedger(db, allLedgerInvariants)).linesMatchTransfers).toEqual([expect.objectContaining({ account: a.id, expected: 'posted', line: 'voided' })]);
    await db.execute(sql`update ledger_lines set state = 'posted' where account_id = ${a.id}`);
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
    // A day's moves (coin-days) out of step with the lines: the trigger-kept sum edited by hand.
    await db.execute(sql`update ledger_daily_moves set delta_fen = delta_fen + 1 where account_id = ${a.id}`);
    expect((await checkLedger(db, allLedgerInvariants)).dailyMovesMatchLines).toEqual([expect.objectContaining({ account: a.id, expected: '1000', kept: '1001' })]);
    await db.execute(sql`update ledger_daily_moves set delta_fen = delta_fen - 1 where account_id = ${a.id}`);
    // A contract's escrow account keeping collateral that was posted into it but never paid out.
    const contract = randomUUID();
    const contractRef = { resource: 'contracts', id: contract };
    await db.transaction(async (tx) => {
      await ensureCollateralAccounts(tx, a.id, contract, NOW);
      await hold(tx, { debit: a.wallet, credit: escrowId(contract), amount: 100n, kind: 'collateral', ref: contractRef, key: `collateral:${contract}`, userId: null, now: NOW });
      await postHold(tx, `collateral:${contract}`, step(`collateral:${contract}:posted`));
    });
    expect((await checkLedger(db, allLedgerInvariants)).escrowPerContract).toEqual([{ id: escrowId(contract), posted_balance: '100', transfer: null }]);
    await db.transaction((tx) => transfer(tx, { debit: escrowId(contract), credit: a.wallet, amount: 100n, kind: 'release', ref: contractRef, key: `release:${contract}`, userId: null, now: NOW }));
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
  });

  it("runs the core's invariants and those the domains contribute; a name given twice is refused", async () => {
    // Every domain's, as a server compiles them: the core's five, funds' escrow, settlement's bills, coindays' daily moves.
    expect(Object.keys(allLedgerInvariants).sort()).toEqual(
      [...Object.keys(CORE_INVARIANTS), 'escrowPerContract', 'billOpenAmounts', 'billFamilies', 'dailyMovesMatchLines'].sort(),
    );
    expect(Object.keys(CORE_INVARIANTS)).not.toContain('escrowPerContract');
    // A domain's own invariant is checked with the core's: here one that is always broken.
    const always = { description: 'always broken', query: sql`select 'row' as broken` };
    const withTest = ledgerInvariants([{ name: 'test', invariants: { alwaysBroken: always } }]);
    const result = await checkLedger(db, withTest);
    expect(Object.keys(result).sort()).toEqual([...Object.keys(CORE_INVARIANTS), 'alwaysBroken'].sort());
    expect(result.alwaysBroken).toEqual([{ broken: 'row' }]);
    expect(ledgerSound(result)).toBe(false);
    // One name, one owner.
    expect(() => ledgerInvariants([{ name: 'test', invariants: { zeroSum: always } }])).toThrow("ledger invariant 'zeroSum' is given by the ledger core and by domain 'test'");
    expect(() => ledgerInvariants([{ name: 'a', invariants: { mine: always } }, { name: 'b', invariants: { mine: always } }])).toThrow("ledger invariant 'mine' is given by domain 'a' and by domain 'b'");
  });

  it(`never overdraws a wallet when 100 holds race for it (${testDbKind})`, async () => {
    const a = await newAccount();
    await deposit(a.wallet, 10_000n);
    // 100 holds of 3.00 against 100.00: exactly 33 fit.
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        outcome(db.transaction((tx) => hold(tx, { debit: a.wallet, credit: PLATFORM.escrow, amount: 300n, kind: 'collateral', ref, key: randomUUID(), userId: null, now: NOW }))),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(33);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'insufficientBalance')).toBe(true);
    expect(await walletFigures(db, a.id)).toEqual({ available: 100n, held: 0n, escrow: 9_900n, objectionDeposits: 0n });
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
  });

  it('makes one hold when 100 requests of one business step race', async () => {
    const a = await newAccount();
    await deposit(a.wallet, 10_000n);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        outcome(db.transaction((tx) => hold(tx, { debit: a.wallet, credit: PLATFORM.escrow, amount: 2_000n, kind: 'collateral', ref, key: 'collateral:one-contract', userId: null, now: NOW }))),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect((await walletFigures(db, a.id)).escrow).toBe(2_000n);
    expect(ledgerSound(await checkLedger(db, allLedgerInvariants))).toBe(true);
  });
});
