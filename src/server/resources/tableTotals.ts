// A list's totals from a domain's own table (Domain.totals), when the list allows it. The engine
// sums money fields over every record a list matches (records.ts listTotals), from the records'
// JSON: at 100,000 bills, a payer's 6,250 bills cost ~50 ms of heap reads and JSON parsing, and
// no index can answer a sum of JSON fields. A domain that keeps the same figures in integer
// columns of its own table, with the party and the filtered fields beside them, declares that
// table; when the list's scope is one party (scope.ts isPlainPartyScope) and every filter is a
// column of it, the totals are one aggregate of that table (an index-only scan of a covering
// index), else the JSON sum as before. Same matches, same figures: the domain keeps the columns
// equal to the records' fields in the same transaction (tests compare both ways). The registry
// holds each resource's table (CompiledResource.totals).
import { sql, type SQL } from 'drizzle-orm';
import type { RecordAbility } from '../../shared/resources/recordAbility';
import type { ResourceDefinition } from '../../shared/resources/types';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import type { AppliedFilter, ListQuery } from './query';
import type { CompiledResource } from './registry';
import { isPlainPartyScope } from './scope';

export interface TotalsTable {
  /** The table's name; one row per record (SQL identifiers, written by the domain, not by requests). */
  table: string;
  /** Party role -> the column holding that party's account id. */
  parties: Readonly<Record<string, string>>;
  /** Money field -> SQL of its amount in integer fen over the table's columns. */
  money: Readonly<Record<string, string>>;
  /** Other filterable fields (state, dates) -> the column with the record's value. */
  columns: Readonly<Record<string, string>>;
}

/** The totals' SELECT over the table (same keys as listTotals), or null when the list cannot be read there. */
export function tableTotalsSql(def: ResourceDefinition, t: TotalsTable, list: { role: string; accountId: string; filters: readonly AppliedFilter[] }, fields: readonly string[]): SQL | null {
  const party = t.parties[list.role];
  const stateTotals = Object.entries(def.list.stateTotals ?? {});
  if (!party || !fields.every((f) => t.money[f]) || !stateTotals.every(([, s]) => t.money[s.field])) return null;
  if (stateTotals.length && !t.columns.state) return null;
  const conds: SQL[] = [sql`${sql.raw(party)} = ${list.accountId}::uuid`];
  for (const f of list.filters) {
    // Money compared in yuan, as the JSON filter does: fen / 100 is the record's amount exactly.
    const money = t.money[f.field];
    const column = t.columns[f.field];
    if (f.kind === 'amountRange' && money) {
      if (f.from) conds.push(sql`(${sql.raw(money)})::numeric / 100 >= ${f.from}::numeric`);
      if (f.to) conds.push(sql`(${sql.raw(money)})::numeric / 100 <= ${f.to}::numeric`);
    } else if (f.kind === 'enum' && column) {
      conds.push(sql`${sql.raw(column)} in (${sql.join(f.values.map((v) => sql`${v}`), sql`, `)})`);
    } else if (f.kind === 'dateRange' && column && f.field !== 'createdAt' && f.field !== 'updatedAt') {
      if (f.from) conds.push(sql`${sql.raw(column)} >= ${f.from}`);
      if (f.to) conds.push(sql`${sql.raw(column)} <= ${f.to}`);
    } else return null;
  }
  const yuan = (fen: string, filter?: SQL) => sql`(coalesce(sum(${sql.raw(fen)})${filter ? sql` filter (where ${filter})` : sql``}, 0)::numeric / 100)::numeric(20, 2)::text`;
  const selection = [
    ...fields.map((f) => sql`${yuan(t.money[f])} as ${sql.identifier(f)}`),
    ...stateTotals.map(([name, s]) => sql`${yuan(t.money[s.field], sql`${sql.raw(t.columns.state)} in (${sql.join(s.states.map((v) => sql`${v}`), sql`, `)})`)} as ${sql.identifier(name)}`),
  ];
  // The same scan counts the matches exactly, so such a list needs no count query of its own.
  selection.push(sql`count(*)::int as ${sql.identifier(MATCHES)}`);
  return sql`select ${sql.join(selection, sql`, `)} from ${sql.identifier(t.table)} where ${sql.join(conds, sql` and `)}`;
}

/** The column of tableTotalsSql's answer that counts the matching records (not a total shown). */
const MATCHES = '_matches';

/** The SELECT of the list's totals and exact count over the resource's totals table; null when the list cannot be read there. */
export function tableTotalsQuery(r: Pick<CompiledResource, 'def' | 'totals'>, q: ListQuery, fields: readonly string[], caller: { ability: RecordAbility; accountId: string; scope: string }): SQL | null {
  const table = r.totals;
  return table && isPlainPartyScope(caller.ability, r.def, caller.accountId, caller.scope) ? tableTotalsSql(r.def, table, { role: caller.scope, accountId: caller.accountId, filters: q.filters }, fields) : null;
}

/** Runs a tableTotalsQuery: the totals as listTotals answers them, and the number of matching records. */
export async function readTableTotals(db: Db, query: SQL): Promise<{ totals: Record<string, string>; total: number }> {
  const [{ [MATCHES]: total, ...totals }] = await queryRows<Record<string, string>>(db, query);
  return { totals, total: Number(total) };
}
