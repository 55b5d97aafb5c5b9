// Benchmark: one API test server's start (tests/support/server.ts), from nothing to the app built,
// as it was (a fresh database: PGlite's initdb in memory or an empty PostgreSQL database, every
// migration, every partition, index and statistics object, analyze) and from the run's migrated
// template (tests/support/template.ts: a copy, trusting its schema stamp), on both databases, and
// PostgreSQL's two CREATE DATABASE strategies for the copy. (PGlite's dumpDataDir tarball loaded
// into an in-memory instance was weighed too and dropped: 22 s against the directory copy's 3 s
// on a machine at load 23, longer than a fresh initdb.) Wall and CPU time (this process's;
// PostgreSQL's own work shows in wall only), median of RUNS; prints the machine's load. Asserts nothing.
import { execFileSync } from 'node:child_process';
import postgres from 'postgres';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { configFromEnv } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { startPg } from '../support/pg-cluster';
import { buildPgliteTemplate, buildPgTemplate, copyPgliteTemplate, createPgDatabase, PG_TEMPLATE } from '../support/template';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** Median wall and CPU ms of `fn` over RUNS runs (after one unmeasured warm-up). */
async function timed(fn: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  await fn();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    walls.push(performance.now() - t0);
    const cpu = process.cpuUsage(cpu0);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { wall: median(walls), cpu: median(cpus) };
}

/** What startTestServer does once it has its database: the app built (the checks a start makes), then closed. */
async function startOn(database: Database): Promise<void> {
  const { app } = await buildApp({ config: { ...configFromEnv({}), webDist: undefined }, database, clock: new ManualClock(Date.now()), sms: consoleSmsProvider(() => {}) });
  await app.close();
}

const show = (name: string, m: { wall: number; cpu: number }) => console.log(`test-server-start: ${name.padEnd(58)} ${m.wall.toFixed(0).padStart(6)} ms wall ${m.cpu.toFixed(0).padStart(6)} ms CPU`);

export async function benchTestServerStart(): Promise<void> {
  console.log(`test-server-start: load before: ${uptime()}`);
  const template = await buildPgliteTemplate();
  try {
    show('PGlite, fresh in memory (before)', await timed(async () => {
      const database = await openDatabase({});
      await startOn(database);
      await database.close();
    }));
    show('PGlite, template data directory copied (after)', await timed(async () => {
      const copy = copyPgliteTemplate(template.dir);
      const database = await openDatabase({ pgliteDir: copy.dir, trustStamp: true });
      await startOn(database);
      await database.close();
      copy.remove();
    }));
  } finally {
    template.remove();
  }
  const pg = await startPg();
  if (!pg) {
    console.log('test-server-start: no PostgreSQL (TEST_DATABASE_URL or apt package postgresql): PostgreSQL skipped');
    return;
  }
  try {
    await buildPgTemplate(pg.url);
    show('PostgreSQL, empty database, migrated (before)', await timed(async () => {
      const db = await createPgDatabase(pg.url, false);
      const database = await openDatabase({ url: db.url });
      await startOn(database);
      await database.close();
      await db.drop();
    }));
    show('PostgreSQL, CREATE DATABASE ... TEMPLATE (after)', await timed(async () => {
      const db = await createPgDatabase(pg.url, true);
      const database = await openDatabase({ url: db.url, trustStamp: true });
      await startOn(database);
      await database.close();
      await db.drop();
    }));
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    for (const strategy of ['wal_log', 'file_copy']) {
      show(`PostgreSQL, the copy alone, strategy ${strategy}`, await timed(async () => {
        await admin.unsafe(`create database lsf_bench_copy template ${PG_TEMPLATE} strategy ${strategy}`);
        await admin.unsafe('drop database lsf_bench_copy');
      }));
    }
    await admin.end();
  } finally {
    pg.stop();
  }
  console.log(`test-server-start: load after: ${uptime()}`);
}
