// contracts.initiate (schemas/resources/contracts.json createHandler): an approved account sends
// a contract directly to a named counterparty (/contractUpdate/initiateContract), on the side it
// chooses. The counterparty must be another active, approved account (searchCom finds them);
// the sender is the record's owner and initiator, and both then sign.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { fieldError } from '../../errors';
import type { CreateHandler } from '../../resources/handlers';

/** The names a contract shows for its parties (kept with it, as the document renders them). */
export async function partyNames(tx: Db, parties: { buyer: string; seller: string }): Promise<{ buyerName: string; sellerName: string }> {
  const rows = await tx.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, [parties.buyer, parties.seller]));
  const name = (id: string) => rows.find((r) => r.id === id)?.name ?? '';
  return { buyerName: name(parties.buyer), sellerName: name(parties.seller) };
}

/** The named counterparty's account: another active, approved account, or a 400 on counterpartyId. */
export async function approvedCounterparty(tx: Db, id: string, me: string): Promise<{ id: string; name: string }> {
  if (id === me) throw fieldError({ counterpartyId: 'trading:errors.counterpartySelf' });
  const [other] = await tx
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.status, 'active'), eq(accounts.authStatus, 'approved')));
  if (!other) throw fieldError({ counterpartyId: 'trading:errors.counterpartyUnknown' });
  return other;
}

export const initiateContract: CreateHandler = async ({ tx, data, accountId }) => {
  const counterparty = (await approvedCounterparty(tx, String(data.counterpartyId), accountId)).id;
  const parties = data.side === 'seller' ? { buyer: counterparty, seller: accountId } : { buyer: accountId, seller: counterparty };
  return { parties, patch: { source: 'direct', ...(await partyNames(tx, parties)) } };
};
