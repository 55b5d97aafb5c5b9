// Issuing bills (DESIGN §9): when a contract completes, the platform bills the buyer for the
// contract's amount less its collateral (less what the seller already billed under it), due
// `paymentTermDays` after completion; a payee may issue a bill under any signed contract it is
// party to (createHandler bills.issue), the other party being the payer. What one payee bills
// under a contract never exceeds the contract's amount (less the collateral, for the seller).
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { chinaDay } from '../../../shared/chinaTime';
import { PAYMENT_TERM_DEFAULT_DAYS } from '../../../shared/constants';
import { fenToYuan, yuanToFen } from '../../../shared/money';
import type { Db } from '../../db/client';
import { accounts, bills, resourceRecords } from '../../db/schema';
import { fieldError, forbidden } from '../../errors';
import type { RecordListener } from '../../resources/events';
import type { CreateHandler } from '../../resources/handlers';
import { createRecord } from '../../resources/moves';

/** Contract states a bill may be issued in: signed and after, not refunded. */
export const BILLABLE_CONTRACT_STATES = ['signed', 'collateralPaid', 'delivered', 'objection', 'completed'];
/** Bills that no longer count against the contract. */
const DEAD_STATES = ['rejected', 'cancelled'];

const fen = (value: unknown): bigint => (typeof value === 'string' && value ? yuanToFen(value) : 0n);

export async function namesOf(tx: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await tx.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * What `payee` may still claim under the contract: its amount (less collateral for the seller)
 * less its live bills and its live payment requests made under the contract alone (paid ones
 * included: that money was the contract's), each bill at the amount it was issued with (parts passed
 * on from it are inside it). A request under a bill is inside that bill. The one
 * rule for bills (issued by hand or on completion) and for requests (requests/headroom.ts);
 * `excludeRequest` leaves out the request being decided.
 */
export async function billableFen(
  tx: Db,
  contract: { id: string; data: Record<string, unknown>; parties: Record<string, string> },
  payee: string,
  opts: { excludeRequest?: string } = {},
): Promise<bigint> {
  const cap = fen(contract.data.amount) - (contract.parties.seller === payee ? fen(contract.data.collateralAmount) : 0n);
  const [{ billed }] = await tx
    .select({ billed: sql<string>`coalesce(sum(${bills.issuedFen}), 0)::text` })
    .from(bills)
    .innerJoin(resourceRecords, and(eq(resourceRecords.resource, 'bills'), eq(resourceRecords.id, bills.recordId)))
    // Roots at their issued amount: the parts passed on from them (children, passedOn.ts) are inside it.
    .where(and(eq(bills.contractId, contract.id), eq(bills.payeeAccountId, payee), isNull(bills.parentBillId), notInArray(resourceRecords.state, DEAD_STATES)));
  const requests = await tx
    .select({ amount: sql<string | null>`${resourceRecords.data} ->> 'amount'` })
    .from(resourceRecords)
    .where(
      and(
        eq(resourceRecords.resource, 'paymentRequests'),
        sql`${resourceRecords.data} ->> 'contractId' = ${contract.id}`,
        sql`${resourceRecords.data} ->> 'billId' is null`,
        sql`${resourceRecords.parties} ->> 'payee' = ${payee}`,
        notInArray(resourceRecords.state, DEAD_STATES),
        opts.excludeRequest ? sql`${resourceRecords.id} <> ${opts.excludeRequest}` : undefined,
      ),
    );
  const requested = requests.reduce((sum, r) => sum + fen(r.amount), 0n);
  return cap - BigInt(billed) - requested;
}

/** The contract, locked: bills issued under one contract are decided one at a time. */
export async function lockContract(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, 'contracts'), eq(resourceRecords.id, id)))
    .for('update');
  return row;
}

export const issueBill: CreateHandler = async ({ tx, data, accountId }) => {
  const contract = await lockContract(tx, String(data.contractId));
  if (!contract) throw fieldError({ contractId: 'api:referenceUnknown' });
  const parties = contract.parties;
  const payer = parties.seller === accountId ? parties.buyer : parties.buyer === accountId ? parties.seller : undefined;
  if (!payer) throw forbidden();
  if (!BILLABLE_CONTRACT_STATES.includes(contract.state ?? '')) throw fieldError({ contractId: 'api:billContractState' });
  const amount = fen(data.amount);
  if (amount <= 0n) throw fieldError({ amount: 'api:amountPositive' });
  const left = await billableFen(tx, contract, accountId);
  if (amount > left) throw fieldError({ amount: { key: 'api:billOverContract', params: { available: fenToYuan(left > 0n ? left : 0n) } } });
  return { parties: { payer, payee: accountId }, patch: await newBillData(tx, contract, payer, accountId, 'issued', amount) };
};

/** What a new bill of `amount` records: its contract's title, the parties' names (its money row, nothing paid or cleared, is its listener's). */
async function newBillData(tx: Parameters<RecordListener>[0]['tx'], contract: { data: Record<string, unknown> }, payer: string, payee: string, origin: string, amount: bigint) {
  const names = await namesOf(tx, [payer, payee]);
  return {
    contractTitle: String(contract.data.title ?? ''),
    payerName: names.get(payer) ?? '',
    payeeName: names.get(payee) ?? '',
    origin,
    amount: fenToYuan(amount),
  };
}

/** A contract that has just completed bills its buyer for the rest of its price. */
export const issueOnCompletion: RecordListener = async ({ tx, after, before, userId, accountId, job, now, resources }) => {
  const billsResource = resources.get('bills');
  if (after.state !== 'completed' || before?.state === 'completed' || !billsResource) return;
  const { buyer, seller } = after.parties;
  if (!buyer || !seller) return;
  const left = await billableFen(tx, after, seller);
  if (left <= 0n) return;
  const term = typeof after.data.paymentTermDays === 'number' ? after.data.paymentTermDays : PAYMENT_TERM_DEFAULT_DAYS;
  const data = {
    contractId: after.id,
    ...(await newBillData(tx, after, buyer, seller, 'contractCompleted', left)),
    dueDay: chinaDay(new Date(now.getTime() + term * 86_400_000)),
  };
  // Made by whoever completed the contract; by the automatic release's job, the bill's creator
  // on record is the contract's (a record's creator is a user), its event names the job.
  const mover = job ? { job } : { userId, accountId };
  await createRecord(tx, billsResource, resources, { accountId: seller, mover, createdBy: after.createdBy, data, now, parties: { payer: buyer, payee: seller } });
};
