// Receipts of recorded steps that move no money (src/shared/receipts.ts EVENT_RECEIPTS): a bill's
// delay (CollectionDelay) is a row of the bill's history (resource_events), not a ledger transfer.
// Its receipt is built from that row and the ledger as they stood when the step was taken, so it
// prints the same thing later: the bill's open amount then (its amount less what was paid, net of
// reversals, and cleared up to that moment), the due day before and after, and the reason.
// Who may read it: the bill's parties and platform operations; anyone else gets a 404.
import { and, asc, desc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { HOME_PATH } from '../../../shared/menu';
import { capitalAmount, fenToYuan, yuanToFen } from '../../../shared/money';
import { EVENT_RECEIPTS, receiptNumber, receiptPath, type EventReceiptTemplate, type EventReceiptView, type EventRecordReceipt } from '../../../shared/receipts';
import type { Db } from '../../db/client';
import { accounts, bills, ledgerTransfers, resourceEvents, resourceRecords } from '../../db/schema';
import { userCan } from '../../plugins/auth';
import { consolePath } from '../../resources/consolePaths';
import type { SessionUser } from '../../sessions/tokens';
import { isUuid } from '../../validate';

type EventRow = typeof resourceEvents.$inferSelect;

export interface EventReceiptFacts {
  template: EventReceiptTemplate;
  event: EventRow;
  record: { id: string; resource: string; accountId: string | null; state: string | null; data: Record<string, unknown>; parties: Record<string, string> };
  /** The bill's open amount when the step was taken, in fen. */
  openFen: bigint;
  /** The due day the step moved from. */
  fromDay: string;
  names: Map<string, string>;
}

const PAID_KINDS = ['billPayment', 'billBatchPayment'];
const REVERSAL_KIND = 'billPaymentReversed';

/**
 * The bill's open amount at `at`: the amount it was issued or received with, less the parts passed
 * on from it (split), its payments (net of reversals) and what clearing or a part passed on to its
 * payee wrote down (clear, offset), each up to then (the record's steps up to the step's version,
 * payments up to its time): a receipt prints the same later, whatever the bill went through since.
 */
async function openFenAt(db: Db, billId: string, step: { at: Date; version: number | null }): Promise<bigint> {
  const { at } = step;
  const [money] = await db.select({ issuedFen: bills.issuedFen }).from(bills).where(eq(bills.recordId, billId));
  if (!money) return 0n;
  const moves = await db
    .select({ kind: ledgerTransfers.kind, amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.refResource, 'bills'), eq(ledgerTransfers.refId, billId), inArray(ledgerTransfers.kind, [...PAID_KINDS, REVERSAL_KIND]), lte(ledgerTransfers.createdAt, at)));
  const paid = moves.reduce((sum, m) => sum + (m.kind === REVERSAL_KIND ? -m.amount : m.amount), 0n);
  const steps = await db
    .select({ action: resourceEvents.action, input: resourceEvents.input })
    .from(resourceEvents)
    // The record's own steps up to this one by its version (a split in the same instant after it is
    // not counted); by time for an event stored before events had versions (migration 0023).
    .where(and(eq(resourceEvents.recordId, billId), inArray(resourceEvents.action, ['clear', 'offset', 'split']), step.version === null ? lte(resourceEvents.at, at) : lte(resourceEvents.version, step.version)));
  const fenOf = (value: unknown) => (typeof value === 'string' ? yuanToFen(value) : 0n);
  const writtenOff = steps.reduce((sum, e) => sum + (e.action === 'split' ? fenOf(e.input.passAmount) : fenOf(e.input.amount)), 0n);
  return money.issuedFen - paid - writtenOff;
}

/** The event and what its receipt prints; undefined for an unknown id or an event the template does not print. */
export async function eventReceiptFacts(db: Db, template: EventReceiptTemplate, eventId: string): Promise<EventReceiptFacts | undefined> {
  if (!isUuid(eventId)) return undefined;
  const { resource, action } = EVENT_RECEIPTS[template];
  const [row] = await db
    .select({ event: resourceEvents, record: { id: resourceRecords.id, resource: resourceRecords.resource, accountId: resourceRecords.accountId, state: resourceRecords.state, data: resourceRecords.data, parties: resourceRecords.parties } })
    .from(resourceEvents)
    .innerJoin(resourceRecords, eq(resourceRecords.id, resourceEvents.recordId))
    .where(and(eq(resourceEvents.id, eventId), eq(resourceEvents.action, action), eq(resourceRecords.resource, resource)));
  if (!row) return undefined;
  const { event, record } = row;
  // The due day before this delay: the one the previous delay set, else the bill's first due day.
  const [previous] = await db
    .select({ input: resourceEvents.input })
    .from(resourceEvents)
    .where(and(eq(resourceEvents.recordId, record.id), eq(resourceEvents.action, action), lt(resourceEvents.at, event.at)))
    .orderBy(desc(resourceEvents.at))
    .limit(1);
  const fromDay = String(previous?.input.dueDay ?? record.data.originalDueDay ?? record.data.dueDay ?? '');
  const ids = Object.values(record.parties);
  const named = ids.length ? await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids)) : [];
  return { template, event, record, openFen: await openFenAt(db, record.id, event), fromDay, names: new Map(named.map((a) => [a.id, a.name])) };
}

/** The bill's parties and platform operations. */
export const mayReadEvent = (user: SessionUser, facts: Pick<EventReceiptFacts, 'record'>): boolean =>
  userCan(user, 'ops', 'query') || Object.values(facts.record.parties).includes(user.accountId);

/** The receipt as its page prints it. */
export function eventReceiptView(facts: EventReceiptFacts, user: SessionUser | undefined, t: TFunction, verifyUrl: string): EventReceiptView {
  const { event, record, names } = facts;
  const party = (role: string) => ({ kind: 'account' as const, name: (record.parties[role] && names.get(record.parties[role])) || t('receipts:party.unknown') });
  const viewer = user ? { accountId: user.accountId, ops: userCan(user, 'ops', 'query') } : {};
  const path = consolePath({ resource: record.resource, id: record.id, record: { ...record.data, accountId: record.accountId, parties: record.parties, state: record.state }, viewer }) ?? HOME_PATH;
  const title = typeof record.data.contractTitle === 'string' ? record.data.contractTitle : undefined;
  return {
    eventId: event.id,
    template: facts.template,
    number: receiptNumber(event.id, event.at),
    kind: event.action,
    amount: fenToYuan(facts.openFen),
    capitals: capitalAmount(facts.openFen),
    payer: party('payer'),
    payee: party('payee'),
    time: event.at.toISOString(),
    status: 'delayed',
    reference: { resource: record.resource, id: record.id, number: record.id, ...(title ? { title } : {}), path },
    verifyUrl,
    delay: { fromDay: facts.fromDay, toDay: String(event.input.dueDay ?? ''), reason: String(event.input.reason ?? '') },
  };
}

/** The event receipts of a record the caller may read (its delays), for the record's page. */
export async function recordEventReceipts(db: Db, user: SessionUser, resource: string, id: string): Promise<EventRecordReceipt[]> {
  if (!isUuid(id)) return [];
  const out: EventRecordReceipt[] = [];
  for (const [template, step] of Object.entries(EVENT_RECEIPTS) as [EventReceiptTemplate, (typeof EVENT_RECEIPTS)[EventReceiptTemplate]][]) {
    if (step.resource !== resource) continue;
    const [record] = await db.select({ parties: resourceRecords.parties }).from(resourceRecords).where(and(eq(resourceRecords.id, id), eq(resourceRecords.resource, resource)));
    if (!record || !mayReadEvent(user, { record: { ...record, id, resource, accountId: null, state: null, data: {} } })) continue;
    const events = await db
      .select({ id: resourceEvents.id, at: resourceEvents.at, version: resourceEvents.version })
      .from(resourceEvents)
      .where(and(eq(resourceEvents.recordId, id), eq(resourceEvents.action, step.action)))
      .orderBy(asc(resourceEvents.at));
    for (const event of events) {
      const at = event.at;
      out.push({ eventId: event.id, kind: step.action, template, amount: fenToYuan(await openFenAt(db, id, event)), time: at.toISOString(), path: receiptPath(template, event.id) });
    }
  }
  return out;
}
