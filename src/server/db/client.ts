// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when a URL is
// given. Both get the same drizzle/ migrations before the server takes a request.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { migrationsFolder } from '../paths';
import { migrationsUpToDate } from './migrate';
import * as schema from './schema';

export type Schema = typeof schema;
/** What every module queries through: the common face of both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory (tests). */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const client = postgres(opts.url, { max: opts.maxConnections ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  // relaxedDurability: PGlite is the try-it default, not the production store (README).
  // shared_buffers 32MB instead of PGlite's 128MB: the buffers live in the WASM heap, resident
  // once touched; idle RSS fell by ~110 MB (docs/decisions.md "Memory and start"). The data files
  // stay in the OS page cache, so reads past the buffers do not go to disk.
  const client = new PGlite(opts.pgliteDir, { relaxedDurability: true, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
  const db = drizzlePglite(client, { schema });
  // A restart finds every migration applied: the cheap check skips drizzle's (db/migrate.ts).
  if (!(await migrationsUpToDate(db as unknown as Db, migrationsFolder))) await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
