// The run's migrated template (README "Testing"): one database built once per run by a full start
// (every migration, the resources' partitions, indexes and statistics, analyze) and stamped
// (src/server/db/schemaStamp.ts); each test server gets a copy and, trusting the stamp, skips
// what it proves. PostgreSQL copies it with CREATE DATABASE ... TEMPLATE; PGlite's copy is its
// data directory copied on tmpfs (measured against PGlite's dumpDataDir/loadDataDir tarball,
// which took longer than a fresh initdb: tests/bench/test-server-start.ts). Free of vitest, so
// the bench builds and copies the same way the global set-ups do.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { configFromEnv } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrationsDigest, resourcesDigest, writeSchemaStamp } from '../../src/server/db/schemaStamp';
import { migrationsFolder } from '../../src/server/paths';
import { declaredResourceDdl } from '../../src/server/resources/indexes';
import { consoleSmsProvider } from '../../src/server/sms/provider';

/** The PostgreSQL template's name on the run's cluster. */
export const PG_TEMPLATE = 'lsf_template';

/**
 * Starts a server's app on `database` (never listening: no scheduler tick, no job_runs row), then
 * stamps what that start made. No ADMIN_PHONE: the template holds no user.
 */
async function buildAndStamp(database: Database): Promise<void> {
  const config = { ...configFromEnv({}), webDist: undefined };
  const { app, ctx } = await buildApp({ config, database, clock: new ManualClock(Date.parse('2026-11-20T02:00:00Z')), sms: consoleSmsProvider(() => {}) });
  await app.close();
  await writeSchemaStamp(database.db, { migrations: migrationsDigest(migrationsFolder), resources: resourcesDigest(declaredResourceDdl(ctx.resources)) });
}

/** Where PGlite data directories go: tmpfs when the machine has it (a copy is then a memory copy). */
function scratchRoot(): string {
  return fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}

/**
 * Builds the PGlite template's data directory, in a directory of the run's own where its copies go
 * too; `remove` deletes that directory, with any copy a test left behind.
 */
export async function buildPgliteTemplate(): Promise<{ dir: string; remove: () => void }> {
  const run = fs.mkdtempSync(path.join(scratchRoot(), 'lsf-run-'));
  const dir = path.join(run, 'template');
  const remove = () => fs.rmSync(run, { recursive: true, force: true });
  try {
    const database = await openDatabase({ pgliteDir: dir });
    try {
      await buildAndStamp(database);
    } finally {
      await database.close();
    }
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, remove };
}

/**
 * A copy of the PGlite template's data directory for one server, in `dir` (by default a new one
 * beside the template); `remove` deletes it once the database is closed.
 */
export function copyPgliteTemplate(template: string, dir = fs.mkdtempSync(path.join(path.dirname(template), 'db-'))): { dir: string; remove: () => void } {
  fs.cpSync(template, dir, { recursive: true });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Builds the template database PG_TEMPLATE on the run's PostgreSQL (a stale one is replaced). */
export async function buildPgTemplate(adminUrl: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${PG_TEMPLATE} with (force)`);
    await admin.unsafe(`create database ${PG_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl(adminUrl, PG_TEMPLATE), maxConnections: 2 });
  try {
    await buildAndStamp(database);
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
    await database.close();
  }
}

/**
 * A new database on the PostgreSQL at `adminUrl`: a copy of PG_TEMPLATE when `template`, else
 * empty (a test that migrates it itself); `drop` removes it.
 */
export async function createPgDatabase(adminUrl: string, template: boolean): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lsf_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${PG_TEMPLATE}` : ''}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
