// List sources (DESIGN §7): a resource file with `source` lists records that are a view of other
// tables (the ledger's flows of an account), not rows it stores. A domain contributes a source by
// name (Domain.sources) and it returns one SELECT with exactly the columns of resource_records; the engine puts it
// in front of its own queries as a CTE named resource_records, which hides the table of that
// name for that query. So lists, filters, sorts, counts, exports, the per-record read check and
// the SQL scope all work unchanged on a source, and a source stays read-only (list, show,
// export): there is nothing to insert into. PostgreSQL inlines a CTE read once, so the list's
// conditions reach the source's own indexes. The registry holds each resource's source
// (CompiledResource.source), looked up once at start. The same CTE puts a domain table's fields
// beside a stored resource's records (tableFields.ts), so its reads answer them too.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { resourceRecords } from '../db/schema';
import type { ReadFrom } from './registry';
import { tableFieldsSelect } from './tableFields';

/**
 * Builds the SELECT of a source for resource `resource`. Its columns, by name and type: id uuid,
 * resource text, account_id uuid, state text, data jsonb, version integer, created_at and
 * updated_at timestamptz, created_by and updated_by uuid, parties jsonb (role -> account, '{}'
 * when the records have no parties). Ids must be unique per account.
 */
export type ListSource = (resource: string) => SQL;

/** A list source and the data fields its SELECT also answers as columns (a domain's `sources`). */
export interface SourceContribution {
  select: ListSource;
  columns?: readonly string[];
}

/**
 * Whether a read of `r` answers `field` as a column of its own: a source's `columns` are fields of
 * the records' data its SELECT also answers as columns of their own name (money as numeric yuan),
 * so filters and sorts on them read the column instead of building the JSON of every row to read
 * it back (fields.ts); a domain table's fields are only there.
 */
export const sourceColumn = (r: ReadFrom, field: string): boolean => Boolean(r.source?.columns?.includes(field) || r.tableFields?.money[field]);

/**
 * Where the records of `def` are read from: the table, or for a source resource the table's
 * name bound to the source's SELECT. Use as `recordsOf(db, r).select().from(resourceRecords)`.
 */
export function recordsOf(db: Db, r: ReadFrom): Pick<Db, 'select'> {
  if (!r.def.source && !r.tableFields) return db;
  if (r.def.source && !r.source) throw new Error(`${r.def.name}: no domain gives list source '${r.def.source}'`);
  // A resource some of whose fields a domain's table holds (tableFields.ts): its records beside them.
  const select = r.source ? r.source.select(r.def.name) : tableFieldsSelect(r.def.name, r.tableFields!);
  const { id, resource, accountId, state, data, version, createdAt, createdBy, updatedAt, updatedBy, parties } = resourceRecords;
  const cte = db.$with('resource_records', { id, resource, accountId, state, data, version, createdAt, createdBy, updatedAt, updatedBy, parties }).as(select);
  return db.with(cte);
}
