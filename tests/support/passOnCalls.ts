// The calls the pass-on suites make (tests/api/bill-transfers, bill-passed-on-whole): a step with
// an Idempotency-Key, passing a part on and answering an offer with the person's stored SMS code,
// a bill and its family as one party reads them, the offers of a bill, and the ledger's checks of
// bill families. `server` is read when a call is made (suites start theirs in beforeAll).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BillFamilyNode } from '../../src/shared/billFamily';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { resourceRecords } from '../../src/server/db/schema';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import type { TestServer } from './server';
import { storedCode } from './smsCodes';

type Who = { phone: string; token: string };

export function passOnCalls(server: () => TestServer) {
  const code = (phone: string) => storedCode(server().ctx.db, server().clock.now(), phone);
  const post = (token: string, path: string, body: Record<string, unknown> = {}) => server().call<ResourceRecord>('POST', path, { token, body, headers: { 'Idempotency-Key': randomUUID() } });
  const passOn = async (who: Who, billId: string, body: Record<string, unknown>) => post(who.token, `/api/r/bills/${billId}/actions/passOn`, { ...body, smsCode: await code(who.phone) });
  const answer = async (who: Who, offerId: string, action: 'accept' | 'refuse' = 'accept', body: Record<string, unknown> = {}) =>
    post(who.token, `/api/r/billTransfers/${offerId}/actions/${action}`, { ...body, smsCode: await code(who.phone) });
  const billAs = async (id: string, who: Pick<Who, 'token'>) => (await server().call<ResourceRecord>('GET', `/api/r/bills/${id}`, { token: who.token })).body.data;
  /** The bill's family as `who` asks for it (the answer: its status says whether `who` may). */
  const familyAs = (id: string, who: Pick<Who, 'token'>) => server().call<BillFamilyNode>('GET', `/api/settlement/bills/${id}/family`, { token: who.token });
  const offersOf = async (billId: string) => (await server().ctx.db.select().from(resourceRecords).where(eq(resourceRecords.resource, 'billTransfers'))).filter((r) => r.data.billId === billId);
  /** The offer of the bill still waiting for its answer (the suites make one at a time). */
  const latestOffer = async (billId: string) => (await offersOf(billId)).find((o) => o.state === 'offered')!;
  /** Every bill family whole, every open amount right, the ledger sound. */
  const sound = async () => {
    const result = await checkLedger(server().ctx.db, server().ctx.ledgerInvariants);
    expect(result.billFamilies).toEqual([]);
    expect(result.billOpenAmounts).toEqual([]);
    expect(ledgerSound(result)).toBe(true);
  };
  return { code, post, passOn, answer, billAs, familyAs, offersOf, latestOffer, sound };
}
