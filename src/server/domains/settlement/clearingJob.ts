// The daily clearing run (DESIGN §9): the scheduler's job settlement.dailyClearing asks, every
// ten minutes on one node, from 02:00 China time, runClearing for the day's run; the day's row in clearing_runs is unique, so the first
// node to insert it runs it and every other node (at once or later that day) finds it taken.
// The solver's worker is warmed at start in production (the first solve of a process costs
// seconds while V8 optimises HiGHS, docs/decisions.md), never in tests, and stopped on close.
import type { FastifyInstance } from 'fastify';
import { chinaDay } from '../../../shared/chinaTime';
import { runClearing, type ClearingContext } from './clearing';
import { stopNettingWorker, warmNettingWorker } from './netting';

/** How often the job asks (settlement's jobs). */
export const DAILY_CLEARING_EVERY_MS = 10 * 60_000;
/** The China hour from which the day's run may start. */
export const DAILY_RUN_HOUR = 2;

/** China hour of `now` (UTC+8, no daylight saving). */
const chinaHour = (now: Date) => (now.getUTCHours() + 8) % 24;

/** Runs the day's clearing if no node ran it yet; answers whether this call ran it. */
export async function runDailyClearing(ctx: ClearingContext, now: Date, inWorker = true): Promise<boolean> {
  if (chinaHour(now) < DAILY_RUN_HOUR) return false;
  return (await runClearing(ctx, { trigger: 'daily', userId: null, now, day: chinaDay(now), inWorker })) !== null;
}

/** Warms the solver's worker at start in production (the first run does not pay for it) and stops it with the app. */
export function initNettingWorker(app: FastifyInstance, warm: boolean): void {
  app.addHook('onReady', async () => {
    if (warm) void warmNettingWorker().catch((err: unknown) => app.log.warn({ err: (err as Error).message }, 'netting worker warm-up failed'));
  });
  app.addHook('onClose', async () => {
    await stopNettingWorker();
  });
}
