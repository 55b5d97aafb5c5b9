// What a payment request may ask for (DESIGN §9): at most what its contract or bill still has
// open, less the other open requests on it. A request under a bill: the bill's open amount less
// what the other live requests on the bill still wait for. A request under a contract alone: what
// the payee may still claim under it (settlement's billableFen: its amount, less the collateral
// for the seller, less the payee's live bills and its other live requests under the contract
// alone, paid ones included). Bills count those requests too, so a request and a later bill
// never claim the same money twice. The contract or bill
// is locked while this is decided, so two requests at once are decided one after the other.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { chinaDay } from '../../../shared/chinaTime';
import { fenToYuan, yuanToFen } from '../../../shared/money';
import type { Db } from '../../db/client';
import { resourceRecords } from '../../db/schema';
import { fieldError } from '../../errors';
import type { RecordRow } from '../../resources/records';
import { BILLABLE_CONTRACT_STATES, billableFen, lockContract } from '../settlement/issue';
import { billMoney, lockBillRecords, openFenOf, OPEN_STATES } from '../settlement/store';

export const RESOURCE = 'paymentRequests';
/** Requests still waiting for money. */
export const LIVE_STATES = ['new', 'submitted', 'confirmed', 'partiallyPaid'];

export const fenOf = (value: unknown): bigint => (typeof value === 'string' && value ? yuanToFen(value) : 0n);

/** What a request still waits for. */
export const requestOpenFen = (data: Record<string, unknown>): bigint => fenOf(data.amount) - fenOf(data.paidAmount);

export interface RequestTarget {
  contract: RecordRow;
  bill?: RecordRow;
  payer: string;
  payee: string;
  /** What a new request may ask for, in fen (never negative). */
  headroomFen: bigint;
}

const refOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

async function recordOf(tx: Db, resource: string, id: string, lock: boolean): Promise<RecordRow | undefined> {
  const query = tx
    .select()
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, resource), eq(resourceRecords.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The other live requests on a bill. */
async function otherBillRequests(tx: Db, billId: string, exclude?: string) {
  return tx
    .select({ data: resourceRecords.data })
    .from(resourceRecords)
    .where(
      and(
        eq(resourceRecords.resource, RESOURCE),
        sql`${resourceRecords.data} ->> 'billId' = ${billId}`,
        inArray(resourceRecords.state, LIVE_STATES),
        exclude ? ne(resourceRecords.id, exclude) : undefined,
      ),
    );
}

/**
 * The contract or bill a request of `payee` refers to, checked (the payee's, in a state a request
 * may be made in), with what it may still ask for. `lock`: while deciding a write.
 */
export async function requestTarget(tx: Db, data: Record<string, unknown>, payee: string, opts: { lock: boolean; exclude?: string }): Promise<RequestTarget> {
  const billId = refOf(data.billId);
  const contractId = refOf(data.contractId);
  if (billId) {
    const bill = opts.lock ? (await lockBillRecords(tx, [billId]))[0] : await recordOf(tx, 'bills', billId, false);
    if (!bill) throw fieldError({ billId: 'api:referenceUnknown' });
    // Only the bill's payee asks its payer for it.
    if (bill.parties.payee !== payee) throw fieldError({ billId: 'api:requestNotPayee' });
    if (!OPEN_STATES.includes(bill.state as (typeof OPEN_STATES)[number])) throw fieldError({ billId: 'api:requestBillNotOpen' });
    const billContract = String(bill.data.contractId ?? '');
    if (contractId && contractId !== billContract) throw fieldError({ contractId: 'api:requestBillContract' });
    const contract = await recordOf(tx, 'contracts', billContract, false);
    if (!contract) throw fieldError({ billId: 'api:referenceUnknown' });
    const others = await otherBillRequests(tx, billId, opts.exclude);
    const claimed = others.reduce((sum, r) => sum + requestOpenFen(r.data), 0n);
    const open = openFenOf(await billMoney(tx, billId)) - claimed;
    return { contract, bill, payer: bill.parties.payer, payee, headroomFen: open > 0n ? open : 0n };
  }
  if (!contractId) throw fieldError({ contractId: 'api:requestReference' });
  const contract = opts.lock ? await lockContract(tx, contractId) : await recordOf(tx, 'contracts', contractId, false);
  if (!contract) throw fieldError({ contractId: 'api:referenceUnknown' });
  const { buyer, seller } = contract.parties;
  const payer = seller === payee ? buyer : buyer === payee ? seller : undefined;
  if (!payer) throw fieldError({ contractId: 'api:referenceUnknown' });
  if (!BILLABLE_CONTRACT_STATES.includes(contract.state ?? '')) throw fieldError({ contractId: 'api:requestContractState' });
  const open = await billableFen(tx, contract, payee, { excludeRequest: opts.exclude });
  return { contract, payer, payee, headroomFen: open > 0n ? open : 0n };
}

/** Refuses `amountFen` over the target's headroom (400 on amount, saying what is left). */
export function checkAmount(target: RequestTarget, amountFen: bigint): void {
  if (amountFen <= 0n) throw fieldError({ amount: 'api:amountPositive' });
  if (amountFen > target.headroomFen) throw fieldError({ amount: { key: 'api:requestOverOpen', params: { available: fenToYuan(target.headroomFen) } } });
}

/** A pay-by day already past (China time) is refused. */
export function checkDueDay(dueDay: unknown, now: Date): void {
  if (typeof dueDay === 'string' && dueDay < chinaDay(now)) throw fieldError({ dueDay: 'api:requestDuePast' });
}
