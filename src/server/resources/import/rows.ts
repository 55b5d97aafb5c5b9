// The rows of an uploaded sheet as a create would receive them, each checked as a create checks
// it (create.ts checkedNewData: the record's JSON Schema, the form's required fields, the expiry
// day, references), with a message per bad cell. Nothing here writes.
import type { FastifyRequest } from 'fastify';
import type { ImportPreviewRow } from '../../../shared/resources/import';
import type { ResourceDefinition } from '../../../shared/resources/types';
import { LANGUAGES } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { translate } from '../../plugins/envelope';
import { checkedNewData } from '../create';
import type { CompiledResource, ResourceRegistry } from '../registry';
import { readCell, type Cell } from './cells';
import type { Sheet } from './sheet';

const normal = (s: string) => s.replace(/[*＊]/g, '').replace(/\s+/g, '').toLowerCase();

/**
 * The field each column of the header gives ('' for a column with no header): a field's label in
 * either language or its name. A column naming no importable field, or one named twice, is a 400:
 * its data would otherwise be dropped without a word.
 */
export function columnsOf(def: ResourceDefinition, header: readonly string[]): string[] {
  const fields = def.list.import?.fields ?? [];
  const byName = new Map<string, string>();
  for (const f of fields) for (const name of [f, ...LANGUAGES.map((lang) => def.labels[lang].fields[f] ?? f)]) byName.set(normal(name), f);
  const seen = new Set<string>();
  return header.map((title) => {
    if (!title) return '';
    const field = byName.get(normal(title));
    if (!field) throw fieldError({ file: { key: 'api:importUnknownColumn', params: { column: title } } });
    if (seen.has(field)) throw fieldError({ file: { key: 'api:importDuplicateColumn', params: { column: title } } });
    seen.add(field);
    return field;
  });
}

/** One row read and checked: its values and, when it is not valid, a message per bad cell ('_' for the row). */
export async function checkRow(db: Db, req: FastifyRequest, resources: ResourceRegistry, r: CompiledResource, columns: readonly string[], line: { row: number; cells: Cell[] }, now: Date): Promise<ImportPreviewRow & { data?: Record<string, unknown> }> {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  columns.forEach((field, i) => {
    if (!field) return;
    const reading = readCell(r.def, field, line.cells[i]);
    if (reading.error) errors[field] = translate(req.t, reading.error);
    else if (reading.value !== undefined) values[field] = reading.value;
  });
  try {
    const data = await checkedNewData(db, req, resources, r, { ...values }, now);
    if (!Object.keys(errors).length) return { row: line.row, values, data };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // A cell's own problem comes first: the schema's word on the value it could not read adds nothing.
    for (const [field, ref] of Object.entries(err.fields ?? { _: err.msg })) errors[field] ??= translate(req.t, ref);
  }
  return { row: line.row, values, errors };
}

/** Every data row of the sheet, checked. */
export async function checkSheet(db: Db, req: FastifyRequest, resources: ResourceRegistry, r: CompiledResource, sheet: Sheet, now: Date) {
  const columns = columnsOf(r.def, sheet.header);
  const rows = [];
  for (const line of sheet.rows) rows.push(await checkRow(db, req, resources, r, columns, line, now));
  return { columns, rows };
}
