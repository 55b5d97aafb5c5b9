// Fields of a resource's records that a domain's own table holds, one row per record: a bill's
// paid, cleared and open amounts live in the `bills` table, which its payments and clearing runs
// write with the ledger. The record's data never stores them (the door drops them: moves.ts);
// every read answers them from the table (sources.ts recordsOf, records.ts recordSelection), so a
// list, a record page, an export, filters, sorts and totals all show the one figure the table
// holds, and nothing copies it into the record. A domain declares them by resource name
// (Domain.tableFields); the registry compiles them into the resource (CompiledResource.tableFields).
import { sql, type SQL } from 'drizzle-orm';
import { nameLiteral } from '../db/statements';

export interface TableFields {
  /** The table and its column holding the record's id (SQL identifiers written by the domain, not by requests). */
  table: string;
  key: string;
  /**
   * Money field -> SQL of its amount in integer fen over the table's columns (joined beside
   * resource_records: qualify a column both have, e.g. `bills.state`).
   */
  money: Readonly<Record<string, string>>;
}

/** The fields the table answers. */
export const tableFieldNames = (t: TableFields | undefined): string[] => (t ? Object.keys(t.money) : []);

/**
 * The records of `resource` with the table's fields as columns of their own (money as numeric
 * yuan), to stand for resource_records in a read (sources.ts recordsOf). The data column stays the
 * record's own, so filters and sorts on its fields still match the expression indexes; a read
 * that counts only drops the join (the table's key is unique).
 */
export function tableFieldsSelect(resource: string, t: TableFields): SQL {
  const fields = Object.entries(t.money).map(([field, fen]) => sql`((${sql.raw(fen)})::numeric / 100)::numeric(20, 2) as ${sql.identifier(field)}`);
  return sql`select rr.id, rr.resource, rr.account_id, rr.state, rr.data, rr.version, rr.created_at, rr.created_by, rr.updated_at, rr.updated_by, rr.parties, ${sql.join(fields, sql`, `)}
    from resource_records rr left join ${sql.identifier(t.table)} on ${sql.identifier(t.table)}.${sql.identifier(t.key)} = rr.id
    where rr.resource = ${sql.raw(nameLiteral(resource))}`;
}

/** `data` without the fields the table holds: what the door stores. */
export function withoutTableFields(t: TableFields | undefined, data: Record<string, unknown>): Record<string, unknown> {
  if (!t || !Object.keys(t.money).some((f) => f in data)) return data;
  return Object.fromEntries(Object.entries(data).filter(([f]) => !(f in t.money)));
}
