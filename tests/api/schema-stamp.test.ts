// The run's migrated template and its schema stamp (tests/support/template.ts,
// src/server/db/schemaStamp.ts): a test server's database is a copy holding everything a start
// makes and nothing else; a start asked to trust the stamp skips the migrations and the index
// check only while the stamp is what this code would build; the product's own start (openStore,
// as npm start opens it) never trusts it and checks everything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { configFromEnv } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/rows';
import { migrationsDigest, readSchemaStamp, resourcesDigest, writeSchemaStamp } from '../../src/server/db/schemaStamp';
import { openStore } from '../../src/server/db/store';
import { migrationsFolder } from '../../src/server/paths';
import { declaredResourceDdl } from '../../src/server/resources/indexes';
import type { ResourceRegistry } from '../../src/server/resources/registry';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { createPgDatabase, dbAvailable, runnerEnv, testDbKind } from '../support/server';
import { copyPgliteTemplate } from '../support/template';

/** The store as npm start opens it (openStore: DATA_DIR's lock on PGlite), closed as it closes it. */
async function openAsNpmStart(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const store = await openStore(config);
  return { ...store.database, close: store.close };
}

/** A copy of the run's template, to open (and reopen) as a test server or as npm start would. */
interface Copy {
  open(how: 'trusting' | 'as npm start'): Promise<Database>;
  remove(): Promise<void>;
}

async function templateCopy(): Promise<Copy> {
  if (testDbKind === 'postgres') {
    const pg = await createPgDatabase();
    return {
      open: async (how) => (how === 'trusting' ? openDatabase({ url: pg.url, trustStamp: true }) : openAsNpmStart({ databaseUrl: pg.url, dataDir: os.tmpdir() })),
      remove: pg.drop,
    };
  }
  // openStore keeps PGlite's files in DATA_DIR/pgdata.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-stamp-'));
  const pgdata = copyPgliteTemplate(inject('pgliteTemplate'), path.join(dataDir, 'pgdata')).dir;
  return {
    open: async (how) => (how === 'trusting' ? openDatabase({ pgliteDir: pgdata, trustStamp: true }) : openAsNpmStart({ dataDir })),
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A server's start on `database` (built, not listening), closed again: what it found and made. */
async function start(database: Database): Promise<ResourceRegistry> {
  const { app, ctx } = await buildApp({ config: { ...configFromEnv(runnerEnv()), webDist: undefined }, database, clock: new ManualClock(Date.parse('2026-11-20T02:00:00Z')), sms: consoleSmsProvider(() => {}) });
  await app.close();
  return ctx.resources;
}

const indexExists = async (database: Database, name: string) =>
  (await queryRows(database.db, sql`select 1 from pg_class where relkind = 'i' and relname = ${name}`)).length === 1;

describe.skipIf(!dbAvailable)('the migrated template and its schema stamp', () => {
  let copy: Copy;
  let registry: ResourceRegistry;
  /** One of the indexes a start makes from the resource files. */
  let index: string;

  beforeAll(async () => {
    copy = await templateCopy();
    const database = await copy.open('trusting');
    try {
      registry = await start(database);
      [{ name: index }] = await queryRows<{ name: string }>(database.db, sql`select relname as name from pg_class where relkind = 'i' and relname like 'rr\\_%' order by relname limit 1`);
    } finally {
      await database.close();
    }
  });
  afterAll(async () => copy?.remove());

  it("holds every migration and the resources' indexes, stamped for this code, and no data", async () => {
    const database = await copy.open('trusting');
    try {
      expect(database.stamp).toEqual({ migrations: migrationsDigest(migrationsFolder), resources: resourcesDigest(declaredResourceDdl(registry)) });
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const [applied] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied.n).toBe(journal.entries.length);
      const declared = declaredResourceDdl(registry).flatMap((ddl) => /^create index if not exists "([^"]+)"/.exec(ddl)?.[1] ?? []);
      expect(declared.length).toBeGreaterThan(10);
      const present = await queryRows<{ name: string }>(database.db, sql`select relname as name from pg_class where relkind = 'i' and relname like 'rr\\_%'`);
      expect(present.map((r) => r.name).sort()).toEqual([...declared].sort());
      // Built by a start that never listened: no user (no ADMIN_PHONE), no scheduled run.
      const [counts] = await queryRows<{ users: number; runs: number }>(database.db, sql`select (select count(*) from users)::int as users, (select count(*) from job_runs)::int as runs`);
      expect(counts).toEqual({ users: 0, runs: 0 });
    } finally {
      await database.close();
    }
  });

  it('a start trusting a current stamp skips the index check; npm start checks and makes the index again', async () => {
    let database = await copy.open('trusting');
    await database.db.execute(sql.raw(`drop index "${index}"`));
    await database.close();
    database = await copy.open('trusting');
    try {
      await start(database);
      // The check the stamp proves was skipped: the index dropped behind its back is still missing.
      expect(await indexExists(database, index)).toBe(false);
    } finally {
      await database.close();
    }
    database = await copy.open('as npm start');
    try {
      expect(database.stamp).toBeNull();
      await start(database);
      expect(await indexExists(database, index)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('a stale stamp is not trusted: resource files that changed, or migrations that changed', async () => {
    for (const stale of [
      { migrations: migrationsDigest(migrationsFolder), resources: resourcesDigest(['create index if not exists "rr_gone" on "rrp_gone" (id) where true']) },
      { migrations: resourcesDigest(['0000_another_migration']), resources: resourcesDigest(declaredResourceDdl(registry)) },
    ]) {
      let database = await copy.open('trusting');
      await database.db.execute(sql.raw(`drop index "${index}"`));
      await writeSchemaStamp(database.db, stale);
      await database.close();
      database = await copy.open('trusting');
      try {
        await start(database);
        expect(await indexExists(database, index)).toBe(true);
      } finally {
        await database.close();
      }
    }
  });

  it('a stamp is two hex digests: anything else is refused and the stamp stays', async () => {
    const database = await copy.open('trusting');
    try {
      const before = await readSchemaStamp(database.db);
      expect(before).not.toBeNull();
      await expect(writeSchemaStamp(database.db, { migrations: "x'; drop table users; --", resources: 'ab' })).rejects.toThrow('two hex digests');
      expect(await readSchemaStamp(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('the migrations digest changes with any migration file or journal entry', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-migrations-'));
    try {
      fs.cpSync(migrationsFolder, folder, { recursive: true });
      const before = migrationsDigest(folder);
      expect(before).toBe(migrationsDigest(migrationsFolder));
      const journalFile = path.join(folder, 'meta/_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
      fs.appendFileSync(path.join(folder, `${journal.entries[0].tag}.sql`), '\n-- edited\n');
      const edited = migrationsDigest(folder);
      expect(edited).not.toBe(before);
      fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
      expect(migrationsDigest(folder)).not.toBe(edited);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
