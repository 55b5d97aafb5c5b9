// List export in the user's language: the declared columns with their labels, enum and state
// labels instead of codes, money to two decimals, times in the product's one format, China time (each field as its kind
// says, src/shared/resources/fieldKinds.ts). CSV (UTF-8 with BOM so
// Excel reads Chinese) or XLSX (write-excel-file), with the list's filters and sort applied.
import type { TFunction } from 'i18next';
import { formatChinaTime } from '../../shared/chinaTime';
import type { Language } from '../../shared/constants';
import { regionPathName } from '../../shared/data/regions';
import { exportFormatOf } from '../../shared/resources/fieldKinds';
import type { Db } from '../db/client';
import { resourceRecords } from '../db/schema';
import type { ListQuery } from './query';
import type { ReadFrom } from './registry';
import { recordSelection, toView } from './records';
import { recordsOf } from './sources';

/** More rows than this is a report job, not a download. */
export const EXPORT_MAX_ROWS = 100_000;
const BATCH = 5_000;

export interface ExportTable {
  headers: string[];
  /** Cell values: strings, or numbers for money/number columns. */
  rows: (string | number | null)[][];
  numeric: boolean[];
}

export async function exportTable(db: Db, r: ReadFrom, q: ListQuery, lang: Language, t: TFunction): Promise<ExportTable> {
  const def = r.def;
  const labels = def.labels[lang];
  const columns = def.list.columns;
  const formats = columns.map((c) => exportFormatOf(def.record.properties[c]));
  const numeric = formats.map((f) => f === 'number');
  const cell = (view: Record<string, unknown>, col: string, format: (typeof formats)[number]): string | number | null => {
    const v = view[col];
    if (v === undefined || v === null || v === '') return null;
    if (col === 'state') return labels.states?.[String(v)] ?? String(v);
    if (col === 'createdAt' || col === 'updatedAt' || format === 'datetime') return formatChinaTime(v);
    if (format === 'label') return labels.enums?.[col]?.[String(v)] ?? String(v);
    if (format === 'number') return Number(v);
    if (typeof v === 'boolean') return t(v ? 'yes' : 'no');
    if (format === 'recordTitle') {
      const link = v as { id?: unknown; title?: unknown };
      return String(link.title ?? link.id ?? '');
    }
    if (format === 'regionPath' && Array.isArray(v)) return regionPathName(v.map(String));
    if (Array.isArray(v)) return v.join(' / ');
    return String(v);
  };
  const rows: (string | number | null)[][] = [];
  for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += BATCH) {
    const batch = await recordsOf(db, r)
      .select(recordSelection(r))
      .from(resourceRecords)
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(Math.min(BATCH, EXPORT_MAX_ROWS - offset))
      .offset(offset);
    for (const row of batch) {
      const view = toView(row) as Record<string, unknown>;
      rows.push(columns.map((c, i) => cell(view, c, formats[i])));
    }
    if (batch.length < BATCH) break;
  }
  return { headers: columns.map((c) => labels.fields[c] ?? c), rows, numeric };
}

/** A text cell that a spreadsheet would run as a formula gets a leading apostrophe. */
const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

const csvField = (v: string | number | null): string => {
  if (v === null) return '';
  const s = typeof v === 'number' ? String(v) : defuse(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function toCsv(table: ExportTable): string {
  const lines = [table.headers.map(csvField).join(',')];
  for (const row of table.rows) {
    lines.push(row.map((v, i) => (typeof v === 'number' && table.numeric[i] ? v.toFixed(2) : csvField(v))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(table: ExportTable, sheet: string): Promise<Buffer> {
  const header = table.headers.map((value) => ({ value, fontWeight: 'bold' as const }));
  const body = table.rows.map((row) =>
    row.map((value, i) =>
      value === null ? null : typeof value === 'number' ? { value, type: Number, format: table.numeric[i] ? '#,##0.00' : undefined } : { value: defuse(value), type: String },
    ),
  );
  const columns = table.headers.map((h) => ({ width: Math.max(10, Math.min(40, h.length * 2 + 4)) }));
  // Loaded on the first XLSX export, not at start.
  const writeXlsxFile = (await import('write-excel-file/node')).default;
  return writeXlsxFile([header, ...body], { columns, sheet: sheet.slice(0, 31), stickyRowsCount: 1 }).toBuffer();
}
