// Migration 0016 (collateral without a hot row), on both databases: collateral held in the one
// shared escrow account the way the code before it held it moves to each contract's own escrow
// account; balances, invariants and everything a client reads (wallet, flows, receipts, the
// escrow report, the outgoing detail) are the same after it, the moved collateral is released
// and refunded like new collateral, and running the move again changes nothing.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RecordReceipt } from '../../src/shared/receipts';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { queryRows } from '../../src/server/db/rows';
import type { Db } from '../../src/server/db/client';
import { resourceRecords } from '../../src/server/db/schema';
import { PLATFORM, ensureWallet, escrowId } from '../../src/server/ledger/accounts';
import { checkLedger } from '../../src/server/ledger/invariants';
import { hold, lockLedgerAccounts, postHold, transfer } from '../../src/server/ledger/transfers';
import { yuanToFen } from '../../src/shared/money';
import { contractStep, moneySuite, signedContract, wallet } from '../support/funds';
import type { TradingParty } from '../support/trading';
import { dbAvailable, type TestServer } from '../support/server';

const MIGRATION = new URL('../../drizzle/0017_escrow_per_contract.sql', import.meta.url);

/** Runs the migration's statements as the migrator does (split at its breakpoints). */
async function runMove(db: Db) {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
}

interface AccountRow {
  id: string;
  credits_posted: string;
  debits_posted: string;
  credits_pending: string;
  debits_pending: string;
}
const escrowAccounts = (db: Db) =>
  queryRows<AccountRow>(db, sql`select id, credits_posted::text, debits_posted::text, credits_pending::text, debits_pending::text from ledger_accounts where code = 'escrow' order by id`);

describe.skipIf(!dbAvailable)('migration 0016: escrow per contract', () => {
  let s: TestServer, ops: string, buyer: TradingParty, seller: TradingParty;
  moneySuite({ phone: '13800000061', password: 'Admin#2026' }, { buyer: '迁移买方有限公司', seller: '迁移卖方有限公司', third: '迁移第三方有限公司' }, '100000.00', (suite) => {
    ({ s, ops, buyer, seller } = suite);
  });

  /** What the code before 0016 did on payCollateral (and, with `release`, on confirmReceipt): the one shared escrow account. */
  async function oldFormCollateral(c: ResourceRecord, state: 'collateralPaid' | 'completed') {
    const now = s.clock.now();
    const amount = yuanToFen(String(c.collateralAmount));
    const ref = { resource: 'contracts', id: c.id };
    await s.ctx.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const buyerWallet = await ensureWallet(tx, buyer.accountId, now);
      await hold(tx, { debit: buyerWallet, credit: PLATFORM.escrow, amount, kind: 'collateral', ref, key: `collateral:${c.id}`, userId: null, now });
      if (state === 'completed') {
        const sellerWallet = await ensureWallet(tx, seller.accountId, now);
        await lockLedgerAccounts(tx, [buyerWallet, sellerWallet, PLATFORM.escrow]);
        await postHold(tx, `collateral:${c.id}`, { kind: 'collateralPosted', key: `collateral:${c.id}:posted`, userId: null, now });
        await transfer(tx, { debit: PLATFORM.escrow, credit: sellerWallet, amount, kind: 'release', ref, key: `release:${c.id}`, userId: null, now });
      }
      const [row] = await tx.select({ data: resourceRecords.data }).from(resourceRecords).where(eq(resourceRecords.id, c.id));
      const data = { ...row.data, collateralPaidAt: now.toISOString(), ...(state === 'completed' ? { deliveredAt: now.toISOString(), deliveryNote: '已发货', releasedAt: now.toISOString() } : {}) };
      await tx.update(resourceRecords).set({ state, data, version: sql`${resourceRecords.version} + 1` }).where(eq(resourceRecords.id, c.id));
    });
  }

  /** Everything the buyer and the seller read about money. */
  async function readings(contracts: ResourceRecord[]) {
    const get = async <T>(token: string, path: string) => (await s.call<T>('GET', path, { token })).body.data;
    const out: Record<string, unknown> = {};
    for (const [who, token] of [
      ['buyer', buyer.token],
      ['seller', seller.token],
    ] as const) {
      out[`${who}.wallet`] = await wallet(s, token);
      out[`${who}.flows`] = await get(token, '/api/r/accountFlows?pageSize=50');
      out[`${who}.daily`] = await get(token, '/api/funds/flows/daily');
      out[`${who}.escrowSettlements`] = await get(token, '/api/r/escrowSettlements?pageSize=50');
      out[`${who}.outgoing`] = await get(token, '/api/r/contractOutgoings?pageSize=50');
      for (const c of contracts) {
        const receipts = await get<RecordReceipt[]>(token, `/api/receipts?resource=contracts&id=${c.id}`);
        out[`${who}.receipts.${c.title}`] = receipts;
        for (const r of receipts) out[`${who}.receipt.${r.transferId}`] = await get(token, `/api/receipts/${r.transferId}`);
      }
    }
    return out;
  }

  it('moves held collateral to its contract escrow account; clients read the same; the moved collateral releases and refunds', async () => {
    const open = await signedContract(s, buyer, seller, '迁移合同（托管中）');
    const ended = await signedContract(s, buyer, seller, '迁移合同（已放款）');
    const toRefund = await signedContract(s, buyer, seller, '迁移合同（退款）', { quantity: 10 });
    await oldFormCollateral(open, 'collateralPaid');
    await oldFormCollateral(ended, 'completed');
    await oldFormCollateral(toRefund, 'collateralPaid');
    const held = yuanToFen(String(open.collateralAmount)) + yuanToFen(String(toRefund.collateralAmount));
    expect(await escrowAccounts(s.ctx.db)).toEqual([
      { id: PLATFORM.escrow, credits_posted: String(yuanToFen(String(ended.collateralAmount))), debits_posted: String(yuanToFen(String(ended.collateralAmount))), credits_pending: String(held), debits_pending: '0' },
    ]);
    const before = await readings([open, ended, toRefund]);

    await runMove(s.ctx.db);

    const ledger = await checkLedger(s.ctx.db, s.ctx.ledgerInvariants);
    expect(ledger).toEqual(Object.fromEntries(Object.keys(ledger).map((k) => [k, []])));
    // Ops see the same on the live server, the contract escrow accounts' own check included.
    const check = (await s.call<{ name: string; ok: boolean }[]>('GET', '/api/ops/ledger/check', { token: ops })).body.data;
    expect(check.find((c) => c.name === 'escrowPerContract')).toMatchObject({ ok: true });
    expect(check.every((c) => c.ok)).toBe(true);
    const perContract = (c: ResourceRecord) => ({ id: escrowId(c.id), credits_posted: '0', debits_posted: '0', credits_pending: String(yuanToFen(String(c.collateralAmount))), debits_pending: '0' });
    const sharedAfter = { id: PLATFORM.escrow, credits_posted: String(yuanToFen(String(ended.collateralAmount))), debits_posted: String(yuanToFen(String(ended.collateralAmount))), credits_pending: '0', debits_pending: '0' };
    const expected = [sharedAfter, perContract(open), perContract(toRefund)].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(await escrowAccounts(s.ctx.db)).toEqual(expected);
    expect(await readings([open, ended, toRefund])).toEqual(before);
    expect(before['buyer.wallet']).toMatchObject({ escrow: (Number(held) / 100).toFixed(2) });

    // Again: nothing left to move.
    await runMove(s.ctx.db);
    expect(await escrowAccounts(s.ctx.db)).toEqual(expected);

    // The moved collateral ends like new collateral: released to the seller, refunded to the buyer.
    const sellerBefore = await wallet(s, seller.token);
    await contractStep(s, seller, open.id, 'deliver', { deliveryNote: '已发货' });
    expect((await contractStep(s, buyer, open.id, 'confirmReceipt')).state).toBe('completed');
    expect(Number((await wallet(s, seller.token)).available) - Number(sellerBefore.available)).toBeCloseTo(Number(open.collateralAmount), 2);
    await contractStep(s, buyer, toRefund.id, 'object', { objectionReason: '到货规格与合同不符' });
    expect((await contractStep(s, ops, toRefund.id, 'resolveRefund', { resolution: '迁移后裁决退款', deposit: 'refund' })).state).toBe('refunded');
    expect(await wallet(s, buyer.token)).toMatchObject({ escrow: '0.00', objectionDeposits: '0.00' });
    expect(Object.values(await checkLedger(s.ctx.db, s.ctx.ledgerInvariants)).flat()).toEqual([]);
    expect((await escrowAccounts(s.ctx.db)).map((a) => a.credits_pending)).toEqual(['0', '0', '0']);
  });

  it('pays new collateral into the contract escrow account, never the shared one', async () => {
    const c = await signedContract(s, buyer, seller, '新合同（每合同托管）');
    const shared = (await escrowAccounts(s.ctx.db)).find((a) => a.id === PLATFORM.escrow);
    expect((await contractStep(s, buyer, c.id, 'payCollateral')).state).toBe('collateralPaid');
    const after = await escrowAccounts(s.ctx.db);
    expect(after.find((a) => a.id === PLATFORM.escrow)).toEqual(shared);
    expect(after.find((a) => a.id === escrowId(c.id))).toMatchObject({ credits_pending: String(yuanToFen(String(c.collateralAmount))) });
    const receipts = (await s.call<RecordReceipt[]>('GET', `/api/receipts?resource=contracts&id=${c.id}`, { token: buyer.token })).body.data;
    const paid = (await s.call<{ payee: { name: string; detail?: string } }>('GET', `/api/receipts/${receipts[0].transferId}`, { token: buyer.token })).body.data;
    expect(paid.payee).toMatchObject({ name: '链上付平台（保证金托管账户）', detail: 'escrow' });
    expect(Object.values(await checkLedger(s.ctx.db, s.ctx.ledgerInvariants)).flat()).toEqual([]);
  });
});
