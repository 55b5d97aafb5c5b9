// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when a URL is
// given. Both get the same drizzle/ migrations before the server takes a request.
import { AsyncLocalStorage } from 'node:async_hooks';
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
import { migrationsDigest, readSchemaStamp, type SchemaStamp } from './schemaStamp';

export type Schema = typeof schema;
/** What every module queries through: the common face of both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The schema stamp openDatabase was asked to trust and found current for the migrations; null otherwise (db/schemaStamp.ts). */
  stamp: SchemaStamp | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory (tests). */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Trust the database's schema stamp (db/schemaStamp.ts): when its migrations digest is this
   * code's, migrations are not run or checked. Test servers on a copy of the stamped template
   * only; a deployment's start leaves it unset and always migrates.
   */
  trustStamp?: boolean;
}

/** The stamp of `db` when asked to trust it and its migrations are this code's; else null (migrate then). */
async function currentStamp(db: Db, opts: DatabaseOptions): Promise<SchemaStamp | null> {
  if (!opts.trustStamp) return null;
  const stamp = await readSchemaStamp(db);
  return stamp?.migrations === migrationsDigest(migrationsFolder) ? stamp : null;
}

/** A statement with more parameters than this (a bulk insert) is not kept prepared: each row count would be a statement of its own. */
const PREPARE_MAX_PARAMS = 64;

/**
 * The postgres-js client as drizzle gets it, with every statement of up to PREPARE_MAX_PARAMS
 * parameters prepared on its connection. Drizzle asks for unnamed statements unless a query is
 * built with .prepare(), and postgres-js then sends each parameterised statement twice (Parse
 * and Describe to learn the parameter types, then Bind and Execute): two round trips and a
 * parse and plan in PostgreSQL per statement. Prepared, a statement costs one round trip after
 * its first use on a connection (docs/decisions.md "Collateral payments: where the time goes").
 * Connections are renewed after postgres-js's max_lifetime (30-60 min), which bounds the
 * statements each keeps. Transactions and savepoints hand drizzle a client made the same way.
 */
function preparing(sql: postgres.Sql): postgres.Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params as postgres.ParameterOrJSON<never>[], {
            ...options,
            prepare: (params?.length ?? 0) <= PREPARE_MAX_PARAMS && !plannedPerCall.getStore(),
          });
      }
      if (prop === 'begin' || prop === 'savepoint') {
        const open = Reflect.get(target, prop, receiver) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: postgres.Sql) => unknown;
          return open.call(target, ...args, (tx: postgres.Sql) => fn(preparing(tx)));
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

const plannedPerCall = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its statements planned for their values on every call (sent unnamed, not kept
 * prepared). For a list's page, count and totals: whether a partial index of the resource's
 * partition serves a filter (a state, the market's states, an amount range) depends on the values,
 * and a kept statement's generic plan, made once for any values, chose the partition's plain
 * indexes and read every record of a state instead (a market amount range 36 ms against 4 ms;
 * docs/decisions.md "Records partitioned by resource"). The price is the second round trip
 * postgres-js makes for an unnamed statement. No effect on PGlite, which plans every statement anew.
 */
export function planEachCall<T>(work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a drizzle query runs only when awaited, which must happen in this context.
  return plannedPerCall.run(true, async () => await work());
}

/**
 * A postgres-js client for a `postgres://` URL. A Unix-socket directory may be named as libpq
 * names it, `?host=/var/run/postgresql` (postgres-js reads the host from the URL's host part
 * only): a server on the same machine answers through its socket without TCP's loopback.
 */
export function postgresClient(url: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get('host');
  if (socketDir?.startsWith('/')) parsed.searchParams.delete('host');
  return postgres(parsed.toString(), { onnotice: () => {}, ...(socketDir?.startsWith('/') ? { host: socketDir } : {}), ...options });
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const client = postgresClient(opts.url, { max: opts.maxConnections ?? 10 });
    const db = drizzlePostgres(preparing(client), { schema });
    const stamp = await currentStamp(db as unknown as Db, opts);
    if (!stamp) await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', stamp, close: () => client.end({ timeout: 5 }) };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  // relaxedDurability: PGlite is the try-it default, not the production store (README).
  // shared_buffers 32MB instead of PGlite's 128MB: the buffers live in the WASM heap, resident
  // once touched; idle RSS fell by ~110 MB (docs/decisions.md "Memory and start"). The data files
  // stay in the OS page cache, so reads past the buffers do not go to disk.
  const client = new PGlite(opts.pgliteDir, { relaxedDurability: true, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] });
  const db = drizzlePglite(client, { schema });
  const stamp = await currentStamp(db as unknown as Db, opts);
  // A restart finds every migration applied: the cheap check skips drizzle's (db/migrate.ts).
  if (!stamp && !(await migrationsUpToDate(db as unknown as Db, migrationsFolder))) await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', stamp, close: () => client.close() };
}
