// resource_records is partitioned by resource (migration 0022): each declared resource's records
// live in a partition of their own, where indexes.ts puts that resource's indexes, so a write of
// one resource's record opens and locks its own indexes only (docs/decisions.md "Records
// partitioned by resource"). The partitions follow the resource files, as the indexes do, so they
// are made at start; a record written before its resource had one lands in
// resource_records_default and moves into it at the next start.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ResourceDefinition } from '../../shared/resources/types';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

export const DEFAULT_PARTITION = 'resource_records_default';

/** A resource's partition, as migration 0022 names it (names of over 63 bytes end in a hash). */
export function partitionName(resource: string): string {
  const name = `rrp_${resource}`;
  return Buffer.byteLength(name) <= 63 ? name : `${name.slice(0, 50)}_${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

/** Partition bound ("FOR VALUES IN ('contracts')") -> partition name. */
async function partitionsOf(db: Db): Promise<Map<string, string>> {
  const rows = await queryRows<{ bound: string; name: string }>(
    db,
    sql`select pg_get_expr(c.relpartbound, c.oid) as bound, c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'resource_records'::regclass`,
  );
  return new Map(rows.map((r) => [r.bound, r.name]));
}

const bound = (resource: string) => `FOR VALUES IN ('${resource}')`;

/**
 * Makes the partition of every resource that has none; answers the table that holds each
 * resource's records. Records written before their resource had a partition (a store seeded
 * before its first start) sit in the default partition, and PostgreSQL refuses a new partition
 * while the default holds rows that belong in it: they are moved into the new partition with the
 * default detached, so that no record trigger sees the move as a deletion and an insertion. One
 * transaction for all of it; nodes of one PostgreSQL start one at a time (db/startLock.ts).
 */
export async function ensurePartitions(db: Db, defs: ResourceDefinition[]): Promise<Map<string, string>> {
  let existing = await partitionsOf(db);
  const moved: string[] = [];
  if (defs.some((def) => !existing.has(bound(def.name)))) {
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      existing = await partitionsOf(tx);
      // Names are validated (/^[a-z][A-Za-z0-9]*$/) and safe to inline.
      for (const def of defs) {
        if (existing.has(bound(def.name))) continue;
        const table = partitionName(def.name);
        const [stray] = await queryRows(tx, sql.raw(`select 1 from ${DEFAULT_PARTITION} where resource = '${def.name}' limit 1`));
        if (!stray) {
          await tx.execute(sql.raw(`create table "${table}" partition of resource_records ${bound(def.name)}`));
          continue;
        }
        await tx.execute(sql.raw(`create table "${table}" (like resource_records including defaults including constraints)`));
        await tx.execute(sql.raw(`alter table resource_records detach partition ${DEFAULT_PARTITION}`));
        await tx.execute(sql.raw(`with moved as (delete from ${DEFAULT_PARTITION} where resource = '${def.name}' returning *) insert into "${table}" select * from moved`));
        await tx.execute(sql.raw(`alter table resource_records attach partition "${table}" ${bound(def.name)}`));
        await tx.execute(sql.raw(`alter table resource_records attach partition ${DEFAULT_PARTITION} default`));
        moved.push(table);
      }
      existing = await partitionsOf(tx);
    });
  }
  // The moved rows' new partition has no visibility map yet (index-only scans, the lists' capped
  // counts, would visit every row) and the default partition holds them as dead rows: vacuumed
  // now, as autovacuum would later (VACUUM runs outside a transaction).
  for (const table of moved) await db.execute(sql.raw(`vacuum analyze "${table}"`));
  if (moved.length) await db.execute(sql.raw(`vacuum ${DEFAULT_PARTITION}`));
  return new Map(
    defs.map((def) => {
      const table = existing.get(bound(def.name));
      if (!table) throw new Error(`resource ${def.name}: no partition of resource_records`);
      return [def.name, table];
    }),
  );
}
