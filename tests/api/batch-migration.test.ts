// Migration 0025 (transfers found by batch), on both databases: transfers written the way the code
// before it wrote them (no batch id; the payment named only inside the key) take the batch id the
// code writes now, from their keys: a payment of one or several bills, a bill paid for a payment
// request, a payment request under a contract alone, a clearing run's settlement, and a reversal
// (the batch of the payment it reverses). Transfers of no batch stay without one; running it again
// changes nothing.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { ledgerTransfers } from '../../src/server/db/schema';
import { transfer, transferBatch, type TransferSpec } from '../../src/server/ledger/transfers';
import { ledgerAccounts } from '../support/ledger';
import { dbAvailable, openTestDatabase } from '../support/server';

const MIGRATION = new URL('../../drizzle/0025_ledger_transfer_batches.sql', import.meta.url);
const NOW = new Date('2026-11-20T02:00:00Z');

/** The migration's data statements (its UPDATEs), as the migrator runs them: the column and index exist already. */
async function runBackfill(db: Db) {
  const statements = readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => /^update\b/i.test(s));
  expect(statements).toHaveLength(2);
  for (const statement of statements) await db.execute(sql.raw(statement));
}

describe.skipIf(!dbAvailable)('migration 0025: transfers found by batch', () => {
  let db: Db;
  let close: () => Promise<void>;
  const { newAccount, deposit } = ledgerAccounts(() => db, 'Migration Co', { resource: 'deposits', id: randomUUID() }, NOW);
  beforeAll(async () => {
    const t = await openTestDatabase();
    db = t.database.db;
    close = t.close;
  });
  afterAll(() => close?.());

  it('gives each old transfer the batch its key names, and none to a step of its own', async () => {
    const [payer, payee] = [await newAccount(), await newAccount()];
    await deposit(payer.wallet, 1_000_000n, `deposit:${randomUUID()}`);
    const [bill1, bill2, bill3, request, contractRequest, run] = Array.from({ length: 6 }, () => randomUUID());
    const [several, alone] = [randomUUID(), randomUUID()];
    const pay = (over: Partial<TransferSpec> & Pick<TransferSpec, 'kind' | 'key' | 'ref'>): TransferSpec => ({ debit: payer.wallet, credit: payee.wallet, amount: 100n, userId: null, now: NOW, ...over });
    // As the code before 0025 wrote them: the payment's id inside the key alone.
    const old = await db.transaction(async (tx) => ({
      several1: await transfer(tx, pay({ kind: 'billBatchPayment', ref: { resource: 'bills', id: bill1 }, key: `billPayment:${several}:${bill1}` })),
      several2: await transfer(tx, pay({ kind: 'billBatchPayment', ref: { resource: 'bills', id: bill2 }, key: `billPayment:${several}:${bill2}` })),
      alone: await transfer(tx, pay({ kind: 'billPayment', ref: { resource: 'bills', id: bill3 }, key: `billPayment:${alone}:${bill3}` })),
      forRequest: await transfer(tx, pay({ kind: 'billPayment', ref: { resource: 'bills', id: bill3 }, key: `billPayment:${request}.${randomUUID()}:${bill3}` })),
      forRequestAgain: await transfer(tx, pay({ kind: 'billPayment', ref: { resource: 'bills', id: bill3 }, key: `billPayment:${request}.${randomUUID()}:${bill3}` })),
      contractRequest: await transfer(tx, pay({ kind: 'requestPayment', ref: { resource: 'paymentRequests', id: contractRequest }, key: `requestPayment:${contractRequest}.${randomUUID()}` })),
    }));
    const settled = await db.transaction((tx) =>
      transferBatch(tx, [0, 1].map((i) => pay({ kind: 'nettingSettlement', ref: { resource: 'clearingRuns', id: run }, key: `nettingSettlement:${run}:${i}` }))),
    );
    const reversals = await db.transaction(async (tx) => ({
      ofRequest: await transfer(tx, { ...pay({ kind: 'billPaymentReversed', ref: { resource: 'bills', id: bill3 }, key: `billPaymentReversed:${old.forRequest.id}` }), debit: payee.wallet, credit: payer.wallet }),
      ofAlone: await transfer(tx, { ...pay({ kind: 'billPaymentReversed', ref: { resource: 'bills', id: bill3 }, key: `billPaymentReversed:${old.alone.id}` }), debit: payee.wallet, credit: payer.wallet }),
    }));
    const batches = async () => Object.fromEntries((await db.select({ key: ledgerTransfers.key, batchId: ledgerTransfers.batchId }).from(ledgerTransfers).orderBy(asc(ledgerTransfers.key))).map((r) => [r.key, r.batchId]));
    expect(Object.values(await batches()).every((b) => b === null)).toBe(true);

    await runBackfill(db);
    const expected = {
      [old.several1.key]: several,
      [old.several2.key]: several,
      [old.alone.key]: alone,
      [old.forRequest.key]: request,
      [old.forRequestAgain.key]: request,
      [old.contractRequest.key]: contractRequest,
      [settled[0].key]: run,
      [settled[1].key]: run,
      [reversals.ofRequest.key]: request,
      [reversals.ofAlone.key]: alone,
    };
    const after = await batches();
    expect(after).toMatchObject(expected);
    // The deposit is a step of its own.
    expect(Object.entries(after).filter(([key]) => !(key in expected))).toEqual([[expect.stringMatching(/^deposit:/), null]]);

    // Again: nothing changes.
    await runBackfill(db);
    expect(await batches()).toEqual(after);
  });
});
