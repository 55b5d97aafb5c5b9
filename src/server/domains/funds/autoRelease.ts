// Automatic release (DESIGN §5): a delivered contract the buyer neither confirmed nor objected to
// by its releaseDueDay is released to the seller by the system: the contract's system move
// `autoRelease` (contracts.json systemMoves), through the action pipeline as the job
// funds.autoRelease. Any node may run the job (the scheduler gives each minute to one node, and
// tests run it at will); each contract is taken with FOR UPDATE SKIP LOCKED and only while it is
// still `delivered`, so a contract is released exactly once however many run it at once.
import { and, eq, sql } from 'drizzle-orm';
import { chinaDay } from '../../../shared/chinaTime';
import type { Db } from '../../db/client';
import { resourceRecords } from '../../db/schema';
import { translatorFor } from '../../i18n';
import { performAction, type EngineContext } from '../../resources/actions';
import type { ActionHandler } from '../../resources/handlers';
import { releaseCollateral } from './collateral';

export const AUTO_RELEASE_JOB = 'funds.autoRelease';

/** What the move does: the escrowed collateral goes to the seller, and the contract says when. */
const release: ActionHandler = async ({ tx, record, now }) => {
  await releaseCollateral(tx, record, null, now);
  return { patch: { releasedAt: now.toISOString() } };
};

/** Releases every contract due today or before; answers how many it released. */
export async function releaseDue(ctx: EngineContext, now: Date): Promise<number> {
  const contracts = ctx.resources.get('contracts');
  if (!contracts) return 0;
  const due = and(eq(resourceRecords.resource, 'contracts'), eq(resourceRecords.state, 'delivered'), sql`${resourceRecords.data} ->> 'releaseDueDay' < ${chinaDay(now)}`);
  let released = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const [row] = await tx.select({ id: resourceRecords.id }).from(resourceRecords).where(due).limit(1).for('update', { skipLocked: true });
      if (!row) return false;
      const moved = await performAction(tx, ctx, { r: contracts, action: 'autoRelease', id: row.id, input: {}, mover: { job: AUTO_RELEASE_JOB }, now, t: translatorFor('zh-CN'), handler: release });
      await moved.hear();
      return true;
    });
    if (!done) return released;
    released += 1;
  }
}
