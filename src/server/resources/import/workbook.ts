// The files an import hands out, as export tables (export.ts writes them as CSV or XLSX): the
// template (the importable fields' labels in the user's language and an example row) and the
// result file (the rows as uploaded with a status and a reason column, to fix and upload again).
import type { TFunction } from 'i18next';
import { chinaDay } from '../../../shared/chinaTime';
import type { Language } from '../../../shared/constants';
import { regionTree } from '../../../shared/data/regions';
import { fieldKindOf } from '../../../shared/resources/fieldKinds';
import type { ImportRowResult } from '../../../shared/resources/import';
import type { ResourceDefinition } from '../../../shared/resources/types';
import type { ExportTable } from '../export';
import { cellText, type Cell } from './cells';
import type { Sheet } from './sheet';

const DAY_MS = 86_400_000;

/** A value a person would type for `field`, valid for its schema where one can be made up (not a reference: an id of the caller's own). */
function example(def: ResourceDefinition, field: string, lang: Language, now: Date, t: TFunction): string | number | null {
  const schema = def.record.properties[field];
  const required = def.record.required?.includes(field) || def.form.required?.includes(field);
  switch (fieldKindOf(schema)) {
    case 'enum': {
      const first = String(schema.enum?.[0] ?? '');
      return def.labels[lang].enums?.[field]?.[first] ?? first;
    }
    case 'money':
      return '100.00';
    case 'date':
      return chinaDay(new Date(now.getTime() + 30 * DAY_MS));
    case 'region': {
      const province = regionTree()[0];
      const city = province?.children?.[0];
      return [province?.label, city?.label, city?.children?.[0]?.label].join(' / ');
    }
    case 'reference':
      return null;
    case undefined:
      break;
    default:
      return required ? (def.labels[lang].fields[field] ?? field) : null;
  }
  if (schema.type === 'number' || schema.type === 'integer') return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
  if (schema.type === 'boolean') return t('yes');
  if (schema.format === 'mobile') return '13800138000';
  return required ? (def.labels[lang].fields[field] ?? field) : null;
}

/** The template: one column per importable field, headed by its label, and an example row. */
export function templateTable(def: ResourceDefinition, lang: Language, now: Date, t: TFunction): ExportTable {
  const fields = def.list.import?.fields ?? [];
  return {
    headers: fields.map((f) => def.labels[lang].fields[f] ?? f),
    rows: [fields.map((f) => example(def, f, lang, now, t))],
    numeric: fields.map(() => false),
  };
}

const asCell = (cell: Cell): string | number | null => (typeof cell === 'number' ? cell : cellText(cell) || null);

/** The uploaded rows as they were, each with its status and why it was not created. */
export function resultTable(sheet: Sheet, results: readonly ImportRowResult[], t: TFunction): ExportTable {
  const width = sheet.header.length;
  const byRow = new Map(results.map((r) => [r.row, r]));
  return {
    headers: [...sheet.header, t('api:importResult.status'), t('api:importResult.reason')],
    rows: sheet.rows.map(({ row, cells }) => {
      const result = byRow.get(row);
      const own = Array.from({ length: width }, (_, i) => asCell(cells[i]));
      return [...own, result ? t(`api:importResult.${result.status}`) : null, result?.reason ?? null];
    }),
    numeric: Array.from({ length: width + 2 }, () => false),
  };
}
