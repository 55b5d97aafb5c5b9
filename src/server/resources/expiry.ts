// Records that expire by date (a resource's `expiry`, e.g. a purchase offer past its valid-until
// day): moved to their expired state by the server itself, before any request on the resource
// reads or acts, with an `expire` event by the job resources.expiry, through the one door (moves.ts moveMany). No timer: a server that was
// stopped over the date expires the records on its first request. Concurrent requests (on one
// node or several) wait for the one expiring a record, in id order, and then find it no longer
// due: one event, and no request reads a due record as still published. (SKIP LOCKED did not
// wait: the two-node test read an offer as published while the other node was expiring it.)
import { sql } from 'drizzle-orm';
import { chinaDay } from '../../shared/chinaTime';
import type { ResourceDefinition } from '../../shared/resources/types';
import type { Db } from '../db/client';
import { resourceRecords } from '../db/schema';
import { nameLiteral as literal } from '../db/statements';
import { moveMany } from './moves';
import type { CompiledResource, ResourceRegistry } from './registry';

/** The job named in an expiry's events. */
export const EXPIRY_JOB = 'resources.expiry';

/**
 * The due check, written as the text of the resource's `_expiry` partial index (indexes.ts):
 * literals, not parameters, so the planner matches the index's expression and predicate. With the
 * field as a parameter (`data ->> $4`) nothing matched, and every request on bills read all of
 * them (41 ms at 100,000 bills).
 */
function dueWhereOf(def: ResourceDefinition, expiry: NonNullable<ResourceDefinition['expiry']>, now: Date) {
  const states = expiry.from.map(literal).join(', ');
  return sql`${sql.raw(`resource = ${literal(def.name)} and state in (${states}) and (data->>${literal(expiry.field)})`)} < ${chinaDay(now)}`;
}

export async function expireDue(db: Db, r: CompiledResource, resources: ResourceRegistry, now: Date): Promise<void> {
  const def = r.def;
  const expiry = def.expiry;
  if (!expiry) return;
  const dueWhere = dueWhereOf(def, expiry, now);
  // The common case on every request is "nothing due": one read, no transaction.
  // In the index's order: the planner then reads the partial index from its start and stops at the
  // first key not due, whatever its (often stale) estimate of how many are due; without the order
  // it chose a scan of every record of the resource when it believed many were due.
  const [any] = await db.select({ id: resourceRecords.id }).from(resourceRecords).where(dueWhere).orderBy(sql.raw(`(data->>${literal(expiry.field)})`)).limit(1);
  if (!any) return;
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const due = await tx.select({ id: resourceRecords.id, state: resourceRecords.state }).from(resourceRecords).where(dueWhere).orderBy(resourceRecords.id).for('update');
    if (due.length === 0) return;
    await moveMany(tx, r, resources, { action: 'expire', mover: { job: EXPIRY_JOB }, moves: due.map((d) => ({ id: d.id, from: d.state, to: expiry.to })), now });
  });
}
