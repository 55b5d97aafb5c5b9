// The schema stamp: a digest of what a start makes in the database, the drizzle/ migrations and
// the partitions, indexes and statistics the resource files declare (resources/indexes.ts), kept
// as the comment of the database's public schema. Only a database built in full and then stamped
// carries one: the test run's migrated template (tests/support/template.ts), copied for each test
// server. A start asked to trust it (openDatabase's `trustStamp`, buildApp's check of
// `database.stamp`) skips the migrations and the index check when the stamp equals what this
// code would build; any other stamp, or none, and the start checks everything as before.
// `npm start` never asks: a deployment's start always checks.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRows } from './rows';

export interface SchemaStamp {
  /** migrationsDigest() of the migrations applied. */
  migrations: string;
  /** resourcesDigest() of the partitions, indexes and statistics made. */
  resources: string;
}

const PREFIX = 'lsf-schema-stamp ';

const sha256 = (parts: readonly string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest('hex');
};

/** The journal and every migration file it names, as drizzle's migrate() would read them. */
export function migrationsDigest(migrationsFolder: string): string {
  const journal = fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8');
  const tags = (JSON.parse(journal) as { entries: Array<{ tag: string }> }).entries.map((e) => e.tag);
  return sha256([journal, ...tags.map((tag) => fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8'))]);
}

/** The DDL a start makes for the resources (resources/indexes.ts declaredResourceDdl), in any order. */
export function resourcesDigest(ddl: readonly string[]): string {
  return sha256([...ddl].sort());
}

/** The stamp of this database, or null when it has none (every store a deployment made). */
export async function readSchemaStamp(db: Db): Promise<SchemaStamp | null> {
  const [row] = await queryRows<{ comment: string | null }>(db, sql`select obj_description('public'::regnamespace, 'pg_namespace') as comment`);
  if (!row?.comment?.startsWith(PREFIX)) return null;
  const [migrations, resources] = row.comment.slice(PREFIX.length).split(' ');
  return migrations && resources ? { migrations, resources } : null;
}

/** Stamps a database whose migrations and resource DDL were just made in full. */
export async function writeSchemaStamp(db: Db, stamp: SchemaStamp): Promise<void> {
  // Hex digests only: safe to inline (COMMENT takes no parameters).
  if (!/^[0-9a-f]+$/.test(stamp.migrations) || !/^[0-9a-f]+$/.test(stamp.resources)) throw new Error('a schema stamp is two hex digests');
  await db.execute(sql.raw(`comment on schema public is '${PREFIX}${stamp.migrations} ${stamp.resources}'`));
}
