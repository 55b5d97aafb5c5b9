// Automatic release (DESIGN §5): a delivered contract the buyer neither confirmed nor objected to
// by its releaseDueDay is released to the seller by the system. Any node may run the job, on its
// timer or when asked; each contract is taken with FOR UPDATE SKIP LOCKED and only while it is
// still `delivered`, so a contract is released exactly once however many nodes run it at once.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ResourceDefinition } from '../../../shared/resources/types';
import type { Db } from '../../db/client';
import { resourceEvents, resourceRecords } from '../../db/schema';
import { chinaDay } from '../../../shared/chinaTime';
import { emitRecordEvent } from '../../resources/events';
import { releaseCollateral } from './collateral';

/** Releases every contract due today or before; answers how many it released. */
export async function releaseDue(db: Db, contracts: ResourceDefinition, now: Date): Promise<number> {
  const due = and(eq(resourceRecords.resource, 'contracts'), eq(resourceRecords.state, 'delivered'), sql`${resourceRecords.data} ->> 'releaseDueDay' < ${chinaDay(now)}`);
  let released = 0;
  for (;;) {
    const done = await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const [row] = await tx.select().from(resourceRecords).where(due).limit(1).for('update', { skipLocked: true });
      if (!row) return false;
      await releaseCollateral(tx, row, null, now);
      const data = { ...row.data, releasedAt: now.toISOString() };
      const [after] = await tx
        .update(resourceRecords)
        .set({ state: 'completed', data, version: sql`${resourceRecords.version} + 1`, updatedAt: now })
        .where(and(eq(resourceRecords.resource, 'contracts'), eq(resourceRecords.id, row.id)))
        .returning();
      await tx.insert(resourceEvents).values({ recordId: row.id, action: 'autoRelease', fromState: 'delivered', toState: 'completed', by: null, at: now });
      await emitRecordEvent({ tx, def: contracts, action: 'autoRelease', before: row, after, input: {}, userId: '', accountId: '', now });
      return true;
    });
    if (!done) return released;
    released += 1;
  }
}

/** Runs the job every minute on this node (timers are unref'd: they never keep the process alive). */
export function scheduleAutoRelease(app: FastifyInstance, db: Db, contracts: ResourceDefinition | undefined, now: () => Date): void {
  if (!contracts) return;
  let timer: NodeJS.Timeout | undefined;
  const run = () => releaseDue(db, contracts, now()).catch((err: unknown) => app.log.warn({ err: (err as Error).message }, 'automatic release failed'));
  app.addHook('onReady', async () => {
    timer = setInterval(run, 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
