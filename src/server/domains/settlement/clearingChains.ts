// A clearing run's chains (DESIGN §9, issue 31 item 4): what the run may do with each bill along a
// chain, and the splits it makes. The rules are the manual pass-on's (passOn.ts):
//   - a chain passes through and ends only at participants whose mutual-service agreement allows
//     it (accounts.mutual_chains_at, set with PUT /api/settlement/chain-consent; default: not);
//   - the bill passed on is confirmed or partly paid, not yet due, its payer has no objection open
//     on its contract and the variants allow passing on; up to all of its open amount may be passed
//     on (the bill then ends passedOn, split.ts); parts respect the variants' minimum part (chains.ts);
//   - a bill written down along a chain has no objection open on it.
// Each part becomes a child bill held by the chain's end through the same split as a part passed
// on by hand (split.ts, all the run's parts at once), its events naming the run and the chain.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { chinaDay } from '../../../shared/chinaTime';
import type { PassOnRules } from '../../../shared/passOn';
import type { Db } from '../../db/client';
import { accounts, resourceRecords } from '../../db/schema';
import type { Mover } from '../../resources/events';
import type { ResourceRegistry } from '../../resources/registry';
import { namesOf } from './issue';
import type { ChainBill, ChainPart } from './netting/chains';
import { PASSABLE_STATES } from './passOn';
import { splitBills } from './split';

/** An open bill of a run as read with its record locked. */
export interface RunBill {
  id: string;
  payer: string;
  payee: string;
  openFen: bigint;
  state: string;
  dueDay: string | null;
  contractId: string;
}

/** The participants (of `among`) that allow chains through them. */
export async function consentingOf(tx: Db, among: readonly string[]): Promise<string[]> {
  if (!among.length) return [];
  const rows = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(isNotNull(accounts.mutualChainsAt), isNotNull(accounts.mutualOpenedAt), eq(accounts.status, 'active')));
  const wanted = new Set(among);
  return rows.map((r) => r.id).filter((id) => wanted.has(id));
}

/** Contract id -> its buyer, for the contracts with an objection open (the buyer disputes: its bills under them stay where they are). */
async function contractsUnderObjection(tx: Db): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: resourceRecords.id, buyer: sql<string | null>`${resourceRecords.parties} ->> 'buyer'` })
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, 'contracts'), eq(resourceRecords.state, 'objection')));
  return new Map(rows.filter((r) => r.buyer).map((r) => [r.id, r.buyer!]));
}

/** Each bill as the chain-aware solver takes it: what may be passed on, whether it may be written down. */
export async function chainBillsOf(tx: Db, open: readonly RunBill[], now: Date, rules: PassOnRules): Promise<ChainBill[]> {
  const disputed = await contractsUnderObjection(tx);
  const today = chinaDay(now);
  return open.map((b) => {
    const writable = disputed.get(b.contractId) !== b.payer;
    const passable = rules.allowed && writable && (PASSABLE_STATES as readonly string[]).includes(b.state) && (b.dueDay ?? '') > today;
    return { id: b.id, payer: b.payer, payee: b.payee, openFen: b.openFen, passFen: passable ? b.openFen : 0n, writable };
  });
}

/**
 * Makes the run's splits at once (split.ts splitBills), in the solution's order: each part a child
 * bill held by its receiver. Answers each part's child id (same order) and each split bill's state
 * after its splits. A daily run's children are made for the user that made their parent (a job's
 * record names a user).
 */
export async function passOnAlongChains(
  tx: Db,
  resources: ResourceRegistry,
  parts: readonly ChainPart[],
  run: { runId: string; mover: Mover; now: Date; stateOf: ReadonlyMap<string, string> },
): Promise<{ childIds: string[]; stateAfter: Map<string, string> }> {
  if (!parts.length || !resources.get('bills')) return { childIds: [], stateAfter: new Map() };
  const ids = [...new Set(parts.map((p) => p.billId))];
  const records = await tx
    .select({ id: resourceRecords.id, state: resourceRecords.state, data: resourceRecords.data, createdBy: resourceRecords.createdBy })
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, 'bills'), sql`${resourceRecords.id} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`));
  const recordOf = new Map(records.map((r) => [r.id, r]));
  const names = await namesOf(tx, [...new Set(parts.map((p) => p.receiver))]);
  return splitBills(
    tx,
    resources,
    parts.map((part) => {
      const record = recordOf.get(part.billId)!;
      return {
        bill: { ...record, state: run.stateOf.get(part.billId) ?? record.state },
        fen: part.fen,
        receiver: part.receiver,
        receiverName: names.get(part.receiver) ?? '',
        cause: { runId: run.runId, via: part.via },
      };
    }),
    { mover: run.mover, now: run.now },
  );
}
