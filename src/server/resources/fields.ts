// How a field of a resource is read in SQL. The same expression text is used by queries and by
// the expression indexes, so PostgreSQL can use the index. Field names come from validated
// resource files (/^[a-z][A-Za-z0-9]*$/), never from requests, so they are safe to inline. The
// cast is the field kind's (src/shared/resources/fieldKinds.ts: money and numbers are numeric).
// A list source may answer a field as a column of its own (sources.ts): then it is read there.
import { sql, type SQL } from 'drizzle-orm';
import { sqlCastOf } from '../../shared/resources/fieldKinds';
import type { ReadFrom } from './registry';
import { sourceColumn } from './sources';

const SYSTEM_COLUMNS: Record<string, string> = {
  id: 'id',
  state: 'state',
  version: 'version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
};

/** SQL text of the field's value: a column, the JSON text, or the JSON value cast to numeric. */
export function fieldExpression(r: ReadFrom, field: string): string {
  const column = SYSTEM_COLUMNS[field];
  if (column) return `"${column}"`;
  if (!/^[a-z][A-Za-z0-9]*$/.test(field)) throw new Error(`bad field name ${field}`);
  if (sourceColumn(r, field)) return `"${field}"`;
  const schema = r.def.record.properties[field];
  return sqlCastOf(schema) === 'numeric' ? `((data->>'${field}')::numeric)` : `(data->>'${field}')`;
}

export const fieldSql = (r: ReadFrom, field: string): SQL => sql.raw(fieldExpression(r, field));
