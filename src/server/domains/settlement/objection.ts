// A bill's payer disputing the delivery of the bill's contract (an objection open: contracts.json
// state objection, raised by the buyer) neither pays nor sees its debt passed on under that
// contract until platform operations resolve it (issue 31): paying (pay.ts payBill, whichever way
// a bill is paid) and passing on (passOn.ts) both ask.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resourceRecords } from '../../db/schema';
import { conflict } from '../../errors';
import type { BillRow } from './store';

/**
 * Refuses (409) a step on a bill whose payer has an objection open on the bill's contract: the
 * payer disputes the delivery, so its debt under that contract is neither paid nor passed on
 * until platform operations resolve the objection (contracts.json: state objection, raised by the buyer).
 */
export async function refuseUnderObjection(tx: Db, bill: Pick<BillRow, 'contractId' | 'payerAccountId'>): Promise<void> {
  const [contract] = await tx
    .select({ state: resourceRecords.state, buyer: sql<string | null>`${resourceRecords.parties} ->> 'buyer'` })
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, 'contracts'), eq(resourceRecords.id, bill.contractId)));
  if (contract?.state === 'objection' && contract.buyer === bill.payerAccountId) throw conflict('api:billUnderObjection');
}
