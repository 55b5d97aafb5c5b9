// The Interconnectedsingle receipt (DESIGN §9): a participant's view of one clearing run, not of
// one transfer. Its id is the participant's run record (clearing_run_parties.id), so the number,
// the verification link and the QR code work as for a transfer's receipt; the amount is what
// clearing cancelled of the participant's payables, in figures and capitals; `run` lists its
// bills with their cleared and settled parts, its net position and its settlement.
import { and, eq, inArray } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { capitalAmount, fenToYuan } from '../../../shared/money';
import { receiptNumber, RUN_RECEIPT_TEMPLATE, type ReceiptView, type RunReceiptBill } from '../../../shared/receipts';
import type { Db } from '../../db/client';
import { accounts, clearingRunParties, clearingRuns, resourceRecords } from '../../db/schema';
import { isUuid } from '../../validate';

interface StoredRun {
  input: { id: string; payer: string; payee: string; openFen: string }[];
  solution: { bills?: { id: string; clearedFen: string; settledFen: string }[] };
}

/**
 * The receipt of participant record `id`; undefined when unknown or not the viewer's (ops see
 * every one; the public check, `viewer` null, sees whether it is genuine).
 */
export async function runReceiptView(db: Db, id: string, viewer: { accountId: string; ops: boolean } | null, t: TFunction, verifyUrl: string, path: string): Promise<ReceiptView | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select({ party: clearingRunParties, run: clearingRuns }).from(clearingRunParties).innerJoin(clearingRuns, eq(clearingRuns.id, clearingRunParties.runId)).where(eq(clearingRunParties.id, id));
  if (!row || (viewer && !viewer.ops && viewer.accountId !== row.party.accountId)) return undefined;
  const { party, run } = row;
  const stored = { input: run.input, solution: run.solution } as StoredRun;
  const parts = new Map((stored.solution.bills ?? []).map((b) => [b.id, b]));
  const mine = stored.input.filter((b) => b.payer === party.accountId || b.payee === party.accountId);
  const ids = [...new Set(mine.flatMap((b) => [b.payer, b.payee]))];
  const names = new Map((ids.length ? await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids)) : []).map((a) => [a.id, a.name]));
  const titles = new Map(
    (mine.length ? await db.select({ id: resourceRecords.id, data: resourceRecords.data }).from(resourceRecords).where(and(eq(resourceRecords.resource, 'bills'), inArray(resourceRecords.id, mine.map((b) => b.id)))) : []).map((r) => [r.id, String(r.data.contractTitle ?? '')]),
  );
  const bills: RunReceiptBill[] = mine.map((b) => ({
    billId: b.id,
    title: titles.get(b.id) ?? '',
    payer: names.get(b.payer) ?? t('receipts:party.unknown'),
    payee: names.get(b.payee) ?? t('receipts:party.unknown'),
    open: fenToYuan(BigInt(b.openFen)),
    cleared: fenToYuan(BigInt(parts.get(b.id)?.clearedFen ?? '0')),
    settled: fenToYuan(BigInt(parts.get(b.id)?.settledFen ?? '0')),
  }));
  const at = run.finishedAt ?? run.startedAt;
  return {
    transferId: party.id,
    template: RUN_RECEIPT_TEMPLATE,
    number: receiptNumber(party.id, at),
    kind: 'clearingRun',
    amount: fenToYuan(party.clearedFen),
    capitals: capitalAmount(party.clearedFen),
    payer: { kind: 'account', name: names.get(party.accountId) ?? t('receipts:party.unknown') },
    payee: { kind: 'platform', name: t('receipts:platform.clearing'), detail: 'clearing' },
    time: at.toISOString(),
    status: 'completed',
    reference: { resource: 'clearingRuns', id: party.id, number: run.id, path },
    verifyUrl,
    run: {
      runId: run.id,
      netPosition: fenToYuan(party.netFen),
      settled: fenToYuan(party.settledFen),
      unsettled: fenToYuan(party.unsettledFen),
      ...(party.reason ? { unsettledReason: party.reason } : {}),
      bills,
    },
  };
}
