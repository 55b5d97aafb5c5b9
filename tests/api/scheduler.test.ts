// The one scheduler (src/server/scheduler.ts): every periodic job runs from it, once per period
// however many nodes tick (the period is claimed in job_runs), and what a run answered or its
// error is kept for operations to read.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/rows';
import { domains } from '../../src/server/domains';
import Fastify from 'fastify';
import { ManualClock } from '../../src/server/clock';
import { claimJob, runJobOnce, startScheduler } from '../../src/server/scheduler';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('scheduler', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it("starts a new job's first period now, then gives each period to one claimant, however many claim it at once", async () => {
    const job = { name: `test.claim.${Date.now()}`, every: 60_000 };
    const now = s.clock.now();
    // Its first period starts: nothing runs at once (a store's first start runs no job).
    expect(await claimJob(s.ctx.db, job, now)).toBe(false);
    expect(await claimJob(s.ctx.db, job, new Date(now.getTime() + 59_000))).toBe(false);
    const due = new Date(now.getTime() + 60_000);
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimJob(s.ctx.db, job, due)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJob(s.ctx.db, job, new Date(due.getTime() + 60_000))).toBe(true);
  });

  it('runs no job while its clock holds them (the demo seeder writing its month), and catches up after', async () => {
    const clock: ManualClock & { jobsHeld?: boolean } = new ManualClock(s.clock.now().getTime());
    clock.jobsHeld = true;
    let runs = 0;
    const app = Fastify();
    startScheduler(app, s.ctx.db, clock, [{ name: `test.held.${Date.now()}`, every: 1000, run: async () => ++runs }]);
    await app.ready();
    try {
      clock.advance(5 * 86_400_000); // days pass on the clock, as they do while the demo seeds
      await new Promise((r) => setTimeout(r, 2_500));
      expect(runs).toBe(0);
      clock.jobsHeld = false;
      // Let go: the job's first period starts at the next tick and it runs when that period ends.
      await expect.poll(() => (clock.advance(500), runs), { timeout: 10_000, interval: 300 }).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
    }
  });

  it("runs a node's own tasks on every node at their period, unclaimed, never overlapping themselves, until the app closes", async () => {
    const clock = new ManualClock(s.clock.now().getTime());
    const apps = [Fastify(), Fastify()];
    const runs = [0, 0];
    const open = [0, 0];
    let overlapped = false;
    apps.forEach((app, i) =>
      startScheduler(app, s.ctx.db, clock, [], [], [
        {
          name: 'test.node',
          every: 100,
          // Slower than its period: the next turns are skipped, not stacked.
          run: async () => {
            overlapped ||= open[i] > 0;
            open[i]++;
            runs[i]++;
            await new Promise((r) => setTimeout(r, 250));
            open[i]--;
          },
        },
      ]),
    );
    // Each app's task runs alone; two apps (two nodes) both run theirs.
    await Promise.all(apps.map((a) => a.ready()));
    try {
      await expect.poll(() => Math.min(...runs), { timeout: 5_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
    const after = [...runs];
    await new Promise((r) => setTimeout(r, 500));
    expect(runs).toEqual(after);
    expect(overlapped).toBe(false);
  });

  it('runs a due job once, keeps its answer, and keeps its error', async () => {
    let runs = 0;
    const job = { name: `test.run.${Date.now()}`, every: 1000, run: async () => ++runs };
    const start = s.clock.now();
    expect(await runJobOnce(s.ctx.db, job, start)).toEqual({ ran: false });
    const now = new Date(start.getTime() + 1000);
    expect(await runJobOnce(s.ctx.db, job, now)).toEqual({ ran: true, result: 1 });
    expect(await runJobOnce(s.ctx.db, job, now)).toEqual({ ran: false });
    const [row] = await queryRows<{ last_result: unknown; last_error: string | null }>(s.ctx.db, sql`select last_result, last_error from job_runs where name = ${job.name}`);
    expect(row).toEqual({ last_result: 1, last_error: null });
    const failing = { name: `test.fail.${Date.now()}`, every: 1000, run: async () => Promise.reject(new Error('bank file missing')) };
    await runJobOnce(s.ctx.db, failing, start);
    await expect(runJobOnce(s.ctx.db, failing, now)).rejects.toThrow('bank file missing');
    const [failed] = await queryRows<{ last_error: string }>(s.ctx.db, sql`select last_error from job_runs where name = ${failing.name}`);
    expect(failed.last_error).toBe('bank file missing');
  });

  it('declares the jobs of the domains by the tasks they run', () => {
    const jobs = domains.flatMap((d) => d.jobs ?? []);
    expect(jobs.map((j) => j.task).sort()).toEqual(['apiKeys.purgeSignatures', 'funds.autoRelease', 'settlement.dailyClearing', 'settlement.expireTransfers', 'settlement.reminders', 'webhooks.kick'].sort());
    for (const job of jobs) expect(s.ctx.tasks.has(job.task), job.task).toBe(true);
  });
});
