// A receipt is a view of one ledger transfer (src/shared/receipts.ts has the kind -> template
// table). This file reads the transfer, decides who may see it, and builds what the printed
// receipt shows: payer and payee by name, amount in figures and capitals, status, reference.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { HOME_PATH } from '../../../shared/menu';
import { capitalAmount, fenToYuan } from '../../../shared/money';
import { MUTUAL_CONTRACT_SOURCE, PLAIN_TEMPLATE_OF, receiptFits, receiptNumber, receiptTemplatesOf, type ReceiptChain, type ReceiptLine, type ReceiptParty, type ReceiptStatus, type ReceiptTemplate, type ReceiptView } from '../../../shared/receipts';
import type { Db } from '../../db/client';
import { accounts, bills, ledgerTransfers, resourceRecords } from '../../db/schema';
import { userCan } from '../../plugins/auth';
import type { SessionUser } from '../../sessions/tokens';
import { platformCode, walletId, walletOwner } from '../../ledger/accounts';
import type { TransferRow } from '../../ledger/transfers';
import { isUuid } from '../../validate';
import { consolePath } from '../../resources/consolePaths';


/** Everything a receipt is built from: the transfer, the hold it resolves (or its resolution), the record and its parties. */
export interface ReceiptFacts {
  transfer: TransferRow;
  /** For a hold: the row that posted or voided it, if any. For a resolution: the hold. */
  hold?: TransferRow;
  resolution?: TransferRow;
  record?: { id: string; resource: string; accountId: string | null; state: string | null; data: Record<string, unknown>; parties: Record<string, string> };
  /** Party role -> account id (contracts: buyer, seller). */
  parties: Record<string, string>;
  /** Account id -> name, for every account that appears. */
  names: Map<string, string>;
  /** A payment of several bills (billBatchPayment): every transfer of that payment, in bill id order, with its bill's title. */
  siblings?: { transfer: TransferRow; title: string }[];
  /** The record is (under) a mutual-promise contract: its receipts open with the mutual variant's copies. */
  mutual: boolean;
  /** A bill passed on from another (issue 31): the chain back to the original bill. */
  chain?: ReceiptChain;
}

/** A bill that is a part passed on: its ancestors from the original bill down to it, each with its holder, amount received and when. */
async function billChain(db: Db, record: { id: string; resource: string; data: Record<string, unknown> } | undefined): Promise<ReceiptChain | undefined> {
  const root = record?.resource === 'bills' ? record.data.rootBillId : undefined;
  if (typeof root !== 'string' || !isUuid(root)) return undefined;
  const rows = await db
    .select({ id: bills.recordId, parent: bills.parentBillId, issuedFen: bills.issuedFen, data: resourceRecords.data, at: resourceRecords.createdAt })
    .from(bills)
    .innerJoin(resourceRecords, and(eq(resourceRecords.resource, 'bills'), eq(resourceRecords.id, bills.recordId)))
    .where(or(eq(bills.recordId, root), eq(bills.rootBillId, root)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const links: ReceiptChain['links'] = [];
  for (let at = byId.get(record!.id); at; at = at.parent ? byId.get(at.parent) : undefined) {
    links.unshift({ billId: at.id, holder: String(at.data.payeeName ?? ''), amount: fenToYuan(at.issuedFen), at: at.at.toISOString() });
  }
  return { rootBillId: root, links };
}

/**
 * Whether a record is a mutual-promise contract (its `source`, contracts.json) or a bill under one
 * (the bill's contractId): the data that decides which copy its receipts open with.
 */
export async function isMutualRecord(db: Db, record: { resource: string; data: Record<string, unknown> } | undefined): Promise<boolean> {
  if (!record) return false;
  if (record.resource === 'contracts') return record.data.source === MUTUAL_CONTRACT_SOURCE;
  if (record.resource !== 'bills' || !isUuid(String(record.data.contractId ?? ''))) return false;
  const [contract] = await db
    .select({ source: sql<string | null>`${resourceRecords.data} ->> 'source'` })
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, 'contracts'), eq(resourceRecords.id, String(record.data.contractId))));
  return contract?.source === MUTUAL_CONTRACT_SOURCE;
}

/** A payment of several bills: its transfers share the payment's batch id (settlement/pay.ts). */
async function paymentSiblings(db: Db, transfer: TransferRow): Promise<{ transfer: TransferRow; title: string }[] | undefined> {
  if (transfer.kind !== 'billBatchPayment' || !transfer.batchId) return undefined;
  const rows = await db
    .select({ transfer: ledgerTransfers, data: resourceRecords.data })
    .from(ledgerTransfers)
    // Only bills are paid in batches (settlement/pay.ts): their partition alone.
    .leftJoin(resourceRecords, and(eq(resourceRecords.resource, 'bills'), eq(resourceRecords.id, ledgerTransfers.refId)))
    .where(and(eq(ledgerTransfers.batchId, transfer.batchId), eq(ledgerTransfers.kind, 'billBatchPayment')))
    .orderBy(asc(ledgerTransfers.refId));
  return rows.map((r) => ({ transfer: r.transfer, title: typeof r.data?.contractTitle === 'string' ? r.data.contractTitle : '' }));
}

/** The transfer and what its receipt needs; undefined for an unknown id. */
export async function receiptFacts(db: Db, transferId: string): Promise<ReceiptFacts | undefined> {
  if (!isUuid(transferId)) return undefined;
  const [transfer] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
  if (!transfer) return undefined;
  let hold: TransferRow | undefined;
  let resolution: TransferRow | undefined;
  if (transfer.pendingId) [hold] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transfer.pendingId));
  if (transfer.status === 'pending') [resolution] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, transfer.id));
  // The transfer names its record's resource (ref_resource) as well as its id: the one partition to read.
  const [record] = await db
    .select({ id: resourceRecords.id, resource: resourceRecords.resource, accountId: resourceRecords.accountId, state: resourceRecords.state, data: resourceRecords.data, parties: resourceRecords.parties })
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, transfer.refResource), eq(resourceRecords.id, transfer.refId)));
  const parties = record?.parties ?? {};
  const siblings = await paymentSiblings(db, transfer);
  const owners = [walletOwner(transfer.debitAccountId), walletOwner(transfer.creditAccountId), ...(siblings ?? []).map((s) => walletOwner(s.transfer.creditAccountId))];
  const ids = [...new Set([...owners, ...Object.values(parties), record?.accountId].filter((id): id is string => !!id))];
  const named = ids.length ? await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids)) : [];
  const mutual = await isMutualRecord(db, record);
  const chain = await billChain(db, record);
  return { transfer, hold, resolution, record, parties, names: new Map(named.map((a) => [a.id, a.name])), mutual, ...(siblings ? { siblings } : {}), ...(chain ? { chain } : {}) };
}

/**
 * Who may read a transfer's receipt: platform operations, the account owning either wallet, and
 * for a contract's transfers (escrow, objection deposits) the contract's parties. Anyone else is
 * told it does not exist (404), like a record of another account.
 */
export function mayRead(user: SessionUser, facts: Pick<ReceiptFacts, 'transfer' | 'parties'>): boolean {
  if (userCan(user, 'ops', 'query')) return true;
  const mine = walletId(user.accountId);
  if (facts.transfer.debitAccountId === mine || facts.transfer.creditAccountId === mine) return true;
  return (facts.transfer.refResource === 'contracts' || facts.transfer.refResource === 'bills') && Object.values(facts.parties).includes(user.accountId);
}

/** The template asked for, or the kind's default (a mutual-promise contract's copy first); undefined when the transfer has no such receipt. */
export function templateFor(facts: Pick<ReceiptFacts, 'transfer' | 'mutual'>, asked: string | undefined): ReceiptTemplate | undefined {
  const kind = facts.transfer.kind;
  if (asked === undefined || asked === '') return receiptTemplatesOf(kind, facts.mutual)[0];
  return receiptFits(asked, kind, facts.mutual) ? (asked as ReceiptTemplate) : undefined;
}

function maskAccountNumber(value: unknown): string {
  const digits = typeof value === 'string' ? value.replace(/\s/g, '') : '';
  return digits.length > 4 ? `****${digits.slice(-4)}` : digits;
}

/** Payer and payee of a receipt, by template and kind. */
function partiesOf(facts: ReceiptFacts, template: ReceiptTemplate, t: TFunction): { payer: ReceiptParty; payee: ReceiptParty } {
  const { transfer, parties, names, record } = facts;
  const account = (id: string | undefined): ReceiptParty => ({ kind: 'account', name: (id && names.get(id)) || t('receipts:party.unknown') });
  const ledger = (ledgerAccountId: string): ReceiptParty => {
    const owner = walletOwner(ledgerAccountId);
    if (owner) return account(owner);
    // Every contract's escrow account reads as the platform's escrow, as the one shared account did.
    const code = platformCode(ledgerAccountId) ?? ledgerAccountId;
    return { kind: 'platform', name: t(`receipts:platform.${code}`), detail: code };
  };
  const debit = ledger(transfer.debitAccountId);
  const credit = ledger(transfer.creditAccountId);
  // A mutual variant's copy has the parties of the copy it mirrors.
  switch (PLAIN_TEMPLATE_OF[template] ?? template) {
    case 'Withdrawal': {
      const data = record?.data ?? {};
      const payee: ReceiptParty = {
        kind: 'bank',
        name: typeof data.bankAccountName === 'string' && data.bankAccountName ? data.bankAccountName : t('receipts:party.unknown'),
        detail: [data.bankName, maskAccountNumber(data.bankAccount)].filter((part) => typeof part === 'string' && part).join(' '),
      };
      return { payer: debit, payee };
    }
    // The buyer's copy of a release: the buyer's collateral, paid out of escrow to the seller.
    case 'PaymentReleaseReceipt':
      return { payer: { ...account(parties.buyer), detail: 'escrow' }, payee: account(parties.seller) };
    // Received out of escrow: the seller on release, the buyer on refund (the void of its hold runs back).
    case 'ReleaseReceipt':
      return transfer.kind === 'refund' ? { payer: credit, payee: debit } : { payer: debit, payee: credit };
    // The deposit returned: from the platform's objection deposits back to the buyer.
    case 'Entropygoldrefund':
      return { payer: credit, payee: debit };
    default:
      return { payer: debit, payee: credit };
  }
}

/** The receipt's status: for a hold, what became of it; a resolution shows its own outcome. */
function statusOf(facts: ReceiptFacts, template: ReceiptTemplate): ReceiptStatus {
  const { transfer, resolution } = facts;
  const outcome = resolution?.status;
  switch (PLAIN_TEMPLATE_OF[template] ?? template) {
    case 'Chainpayment':
      return outcome === 'posted' ? 'released' : outcome === 'voided' ? 'refunded' : 'inEscrow';
    case 'Entropygold':
      return outcome === 'posted' ? 'forfeited' : outcome === 'voided' ? 'returned' : 'held';
    case 'Withdrawal':
      if (transfer.kind === 'withdrawalPaid') return 'paid';
      if (transfer.kind === 'withdrawalReturned') return 'returned';
      return outcome === 'posted' ? 'paid' : outcome === 'voided' ? 'returned' : 'processing';
    default:
      return 'completed';
  }
}

/** The console page of the receipt's record for this viewer (a contract on the page of the viewer's side; ops, their own pages). */
function referencePath(facts: ReceiptFacts, user: SessionUser | undefined): string {
  const { transfer, record } = facts;
  const viewer = user ? { accountId: user.accountId, ops: userCan(user, 'ops', 'query') } : {};
  const recordFacts = record ? { ...record.data, accountId: record.accountId, parties: record.parties, state: record.state } : undefined;
  // A record no console route lists (none today) opens the home page rather than a dead link.
  return consolePath({ resource: transfer.refResource, id: transfer.refId, record: recordFacts, viewer }) ?? HOME_PATH;
}

/** The receipt as its page prints it. */
export function receiptView(facts: ReceiptFacts, template: ReceiptTemplate, user: SessionUser | undefined, t: TFunction, verifyUrl: string): ReceiptView {
  const { transfer, record } = facts;
  const { payer, payee } = partiesOf(facts, template, t);
  const title = typeof record?.data.title === 'string' ? record.data.title : typeof record?.data.contractTitle === 'string' ? record.data.contractTitle : undefined;
  const lines = paymentLines(facts, user, t);
  const amountFen = lines ? lines.reduce((sum, l) => sum + l.fen, 0n) : transfer.amount;
  if (lines) payee.name = [...new Set(lines.map((l) => l.payee))].join('、');
  return {
    transferId: transfer.id,
    template,
    number: receiptNumber(transfer.id, transfer.createdAt),
    kind: transfer.kind,
    amount: fenToYuan(amountFen),
    capitals: capitalAmount(amountFen),
    payer,
    payee,
    time: transfer.createdAt.toISOString(),
    status: statusOf(facts, template),
    reference: { resource: transfer.refResource, id: transfer.refId, number: transfer.refId, ...(title ? { title } : {}), path: referencePath(facts, user) },
    verifyUrl,
    ...(lines ? { lines: lines.map(({ fen: _fen, ...line }) => line) } : {}),
    ...(facts.chain ? { chain: facts.chain } : {}),
  };
}

/**
 * The bills of a payment of several, as this viewer may see them: the payer, ops and the public
 * check see every bill; a payee only the bills paid to it.
 */
function paymentLines(facts: ReceiptFacts, user: SessionUser | undefined, t: TFunction): (ReceiptLine & { fen: bigint })[] | undefined {
  if (!facts.siblings) return undefined;
  const payerWallet = facts.transfer.debitAccountId;
  const seesAll = !user || userCan(user, 'ops', 'query') || walletId(user.accountId) === payerWallet;
  return facts.siblings
    .filter((s) => seesAll || s.transfer.creditAccountId === walletId(user!.accountId))
    .map((s) => {
      const owner = walletOwner(s.transfer.creditAccountId);
      return { billId: s.transfer.refId, title: s.title, payee: (owner && facts.names.get(owner)) || t('receipts:party.unknown'), amount: fenToYuan(s.transfer.amount), fen: s.transfer.amount };
    });
}

/** A record of `resource`, its resource and data (undefined for an unknown id). */
export async function recordOf(db: Db, resource: string, id: string): Promise<{ resource: string; data: Record<string, unknown> } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ resource: resourceRecords.resource, data: resourceRecords.data })
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, resource), eq(resourceRecords.id, id)));
  return row;
}

/** The parties of a record of `resource` (role -> account; none for a record without parties or an unknown id). */
export async function recordPartiesOf(db: Db, resource: string, id: string): Promise<Record<string, string>> {
  if (!isUuid(id)) return {};
  const [row] = await db.select({ parties: resourceRecords.parties }).from(resourceRecords).where(and(eq(resourceRecords.resource, resource), eq(resourceRecords.id, id)));
  return row?.parties ?? {};
}

/** The order of a record's steps made in one transaction (same time): the order their handlers write them. */
const STEP_ORDER = ['deposit', 'withdrawal', 'withdrawalPaid', 'withdrawalReturned', 'collateral', 'objectionDeposit', 'collateralPosted', 'release', 'refund', 'objectionReturned', 'objectionForfeited', 'objectionFee', 'billPayment', 'billBatchPayment', 'billPaymentReversed'];
const stepRank = (kind: string) => (STEP_ORDER.includes(kind) ? STEP_ORDER.indexOf(kind) : STEP_ORDER.length);

/** The transfers of a record, oldest first. */
export async function recordTransfers(db: Db, resource: string, id: string): Promise<TransferRow[]> {
  if (!isUuid(id)) return [];
  const rows = await db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.refResource, resource), eq(ledgerTransfers.refId, id)));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || stepRank(a.kind) - stepRank(b.kind));
}
