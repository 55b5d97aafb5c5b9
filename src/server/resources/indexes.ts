// Indexes follow the declared filters and sorts: for every enum/range filter and sortable
// field of a resource, a partial expression index (account, value) on its own rows. Created
// at start with IF NOT EXISTS, so adding a filter to a resource file adds its index.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fieldExpression } from './fields';
import type { ResourceRegistry } from './registry';

const SYSTEM = new Set(['id', 'state', 'createdAt', 'updatedAt', 'version', 'createdBy', 'updatedBy']);

/** Postgres names are at most 63 bytes: long ones end in a short hash to stay unique. */
function indexName(resource: string, field: string): string {
  const name = `rr_${resource}_${field}`.toLowerCase();
  return name.length <= 63 ? name : `${name.slice(0, 50)}_${createHash('sha1').update(name).digest('hex').slice(0, 12)}`;
}

export async function ensureResourceIndexes(db: Db, registry: ResourceRegistry): Promise<number> {
  let created = 0;
  for (const { def } of registry.values()) {
    const fields = new Set<string>();
    for (const f of def.list.filters) if (f.kind !== 'text') fields.add(f.field);
    for (const f of def.list.sortable) fields.add(f);
    fields.add(def.list.defaultSort.replace(/^-/, ''));
    for (const field of fields) {
      if (SYSTEM.has(field)) continue; // covered by the table's own indexes
      // The resource name is validated (/^[a-z][A-Za-z0-9]*$/) and safe to inline.
      await db.execute(
        sql.raw(
          `create index if not exists "${indexName(def.name, field)}" on resource_records (account_id, ${fieldExpression(def, field)}) where resource = '${def.name}'`,
        ),
      );
      created += 1;
    }
  }
  return created;
}
