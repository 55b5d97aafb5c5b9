// Whether the drizzle/ migrations are all applied already, found cheaply: what a restart asks.
// drizzle's migrate() reads and hashes every migration file (1.4 MB) and runs CREATE SCHEMA /
// CREATE TABLE IF NOT EXISTS (a catalogue write, ~50 ms of CPU on PGlite) on every start, to
// then apply nothing; this reads the journal and the newest row of drizzle's own table, and
// migrate() runs only when they disagree (or on a new store, without that table).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRows } from './rows';

/**
 * True when drizzle's migrate() would apply nothing: it applies each journal entry whose `when`
 * is later than the `created_at` of the newest row of drizzle.__drizzle_migrations (every entry
 * when there is no row). Read-only, so two servers may ask at once; one that finds migrations
 * missing runs migrate() as before.
 */
export async function migrationsUpToDate(db: Db, migrationsFolder: string): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  const [table] = await queryRows<{ present: boolean }>(db, sql`select to_regclass('"drizzle"."__drizzle_migrations"') is not null as present`);
  if (!table?.present) return false;
  const [last] = await queryRows<{ created_at: string | number | null }>(db, sql`select created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1`);
  return last?.created_at != null && Number(last.created_at) >= newest;
}
