// The one scheduler: every periodic job of the server (a domain's declared `jobs`, the
// infrastructure's purges) runs from here, on the app's clock, never from a timer of its own.
// Each node ticks; a job's period is claimed in the job_runs table by one conditional statement
// (next_at moved forward only where it is due), so each period's run happens on one node however
// many nodes run the server, and a node that was down catches up on its first tick. What a run
// answered (a count) or its error is kept on the row for operations to read. The event stream's
// consumers (consumers/consumer.ts) are drained here too, on every node every DRAIN_EVERY_MS and
// after each tick's jobs, unclaimed: their own lock has one node drain at a time, and a node
// drains what the other node's moves and the jobs wrote. A node's own periodic work (its live
// streams' reads and heartbeats: resources/live.ts) are node tasks: run on every node, unclaimed,
// each at its period, never overlapping itself.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import { drain, pendingUpTo, type Consumer } from './consumers/consumer';
import type { Db } from './db/client';
import { queryRows } from './db/rows';

export interface ScheduledJob {
  /** Unique: "<domain>.<task>" for a domain's job. */
  name: string;
  /** Milliseconds between runs. */
  every: number;
  run(now: Date): Promise<unknown>;
}

/** Periodic work of this node alone (nothing to claim: every node does its own). */
export interface NodeTask {
  name: string;
  every: number;
  run(): Promise<unknown>;
}

/** How often each node drains the consumers of the event stream. */
export const DRAIN_EVERY_MS = 1000;

/** How often a node looks whether one of its jobs is due: the shortest period, at most a minute, at least a second. */
const tickOf = (jobs: readonly ScheduledJob[]) => Math.max(1000, Math.min(60_000, ...jobs.map((j) => j.every)));

/**
 * Claims the job's current period for this node: true when it was due and this call moved it on.
 * A job never seen before starts its first period now and runs when it ends (as a timer would):
 * a store's first start does not run every job at once. Two nodes claiming at once: one statement
 * wins the row, the other finds it no longer due.
 */
export async function claimJob(db: Db, job: Pick<ScheduledJob, 'name' | 'every'>, now: Date): Promise<boolean> {
  const next = new Date(now.getTime() + job.every).toISOString();
  const at = now.toISOString();
  const first = await queryRows(db, sql`insert into job_runs (name, next_at) values (${job.name}, ${next}::timestamptz) on conflict (name) do nothing returning name`);
  if (first.length) return false;
  const rows = await queryRows(
    db,
    sql`update job_runs set next_at = ${next}::timestamptz, last_started_at = ${at}::timestamptz
      where name = ${job.name} and next_at <= ${at}::timestamptz
      returning name`,
  );
  return rows.length > 0;
}

/** Runs the job if this node claims its period; keeps what it answered. */
export async function runJobOnce(db: Db, job: ScheduledJob, now: Date): Promise<{ ran: boolean; result?: unknown }> {
  if (!(await claimJob(db, job, now))) return { ran: false };
  try {
    const result = await job.run(now);
    await db.execute(sql`update job_runs set last_finished_at = now(), last_result = ${JSON.stringify(result ?? null)}::jsonb, last_error = null where name = ${job.name}`);
    return { ran: true, result };
  } catch (err) {
    await db.execute(sql`update job_runs set last_finished_at = now(), last_error = ${(err as Error).message} where name = ${job.name}`);
    throw err;
  }
}

/** Runs each node task at its period from onReady to onClose; a run still going skips its next turn. */
function startNodeTasks(app: FastifyInstance, tasks: readonly NodeTask[]): void {
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    for (const task of tasks) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        task
          .run()
          .catch((err: unknown) => app.log.warn({ err: (err as Error).message, task: task.name }, 'node task failed'))
          .finally(() => (running = false));
      }, task.every);
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', async () => timers.forEach(clearInterval));
}

/**
 * Ticks the jobs on this app's clock, drains the consumers and runs the node's own tasks from
 * onReady to onClose (the timers are unref'd: they never keep the process alive).
 */
export function startScheduler(app: FastifyInstance, db: Db, clock: Clock, jobs: readonly ScheduledJob[], consumers: readonly Consumer[] = [], nodeTasks: readonly NodeTask[] = []): void {
  let draining = false;
  const drainAll = async () => {
    if (draining) return;
    draining = true;
    try {
      // Idle, a drain is one statement (pendingUpTo): no lock, no transaction.
      for (const consumer of consumers) await (async () => (await pendingUpTo(db, consumer)) !== undefined && drain(db, consumer))().catch((err: unknown) => app.log.warn({ err: (err as Error).message, consumer: consumer.name }, 'drain failed'));
    } finally {
      draining = false;
    }
  };
  startNodeTasks(app, [...(consumers.length ? [{ name: 'consumers.drain', every: DRAIN_EVERY_MS, run: drainAll }] : []), ...nodeTasks]);
  if (!jobs.length) return;
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`scheduler: job '${job.name}' is declared twice`);
    names.add(job.name);
  }
  let running = false;
  const tick = async () => {
    // A slow run (a clearing) does not overlap the next tick's.
    if (running) return;
    // The demo seeder is writing a month of history on this clock: no job runs in the middle of it.
    if (clock.jobsHeld) return;
    running = true;
    try {
      for (const job of jobs) {
        await runJobOnce(db, job, clock.now()).catch((err: unknown) => app.log.warn({ err: (err as Error).message, job: job.name }, 'job failed'));
      }
      // What the jobs moved is news at once, not at the next drain.
      await drainAll();
    } finally {
      running = false;
    }
  };
  startNodeTasks(app, [{ name: 'jobs.tick', every: tickOf(jobs), run: tick }]);
}
