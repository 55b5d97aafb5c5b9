// A spreadsheet cell as the value a create receives for its field (the form's wire form): each
// field kind reads what a person types or a spreadsheet stores (a date cell, an enum's label in
// either language, a region's names, a number). What a kind cannot read is passed on as the text
// it is, so the record's own JSON Schema names the problem, as it would for a form (create.ts):
// one declaration of what is valid. Only a region, whose names have no schema to fail, says so here.
import { LANGUAGES } from '../../../shared/constants';
import { regionTree, type RegionOption } from '../../../shared/data/regions';
import { fieldKindOf } from '../../../shared/resources/fieldKinds';
import type { FieldSchema, ResourceDefinition } from '../../../shared/resources/types';
import type { MessageRef } from '../../errors';

/** What read-excel-file or papaparse gives for a cell. */
export type Cell = string | number | boolean | Date | null | undefined;

export type CellReading = { value?: unknown; error?: MessageRef };

/** The cell as text: a date cell as its day, a number as written, trimmed. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return dayOf(cell);
  return String(cell).trim();
}

/** A date cell's day: read-excel-file gives a calendar day as midnight UTC. */
const dayOf = (d: Date) => (Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10));

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** 2026-03-01, 2026/3/1, 2026.3.1, 2026年3月1日. */
const DAY = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/;

function readMoney(cell: Cell): unknown {
  // A number cell as written (12.5 -> "12.5"): the money format then accepts it or says why (three decimals, a sign).
  if (typeof cell === 'number') return String(cell);
  // Thousands separators and a currency sign are how people write amounts, not part of them.
  return cellText(cell).replace(/[,，\s]/g, '').replace(/^[¥￥]/, '');
}

function readDay(cell: Cell): unknown {
  const text = cellText(cell);
  const m = DAY.exec(text);
  return m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : text;
}

function readNumber(cell: Cell): unknown {
  if (typeof cell === 'number') return cell;
  const text = cellText(cell).replace(/[,，]/g, '');
  return NUMBER.test(text) ? Number(text) : text;
}

const TRUE = ['true', 'yes', 'y', '1', '是'];
const FALSE = ['false', 'no', 'n', '0', '否'];
function readBoolean(cell: Cell): unknown {
  if (typeof cell === 'boolean') return cell;
  const text = cellText(cell).toLowerCase();
  if (TRUE.includes(text)) return true;
  if (FALSE.includes(text)) return false;
  return text;
}

/** An enum's value from its code or its label in either language (case and spaces aside). */
function readEnum(def: ResourceDefinition, field: string, schema: FieldSchema, cell: Cell): unknown {
  const text = cellText(cell);
  const wanted = text.toLowerCase();
  for (const value of schema.enum ?? []) {
    const names = [String(value), ...LANGUAGES.map((lang) => def.labels[lang].enums?.[field]?.[String(value)])];
    if (names.some((n) => n !== undefined && n.trim().toLowerCase() === wanted)) return value;
  }
  return text;
}

/** A region's codes from its three names (or codes), separated by "/", spaces or commas: 广东省 / 深圳市 / 南山区. */
function readRegion(cell: Cell): CellReading {
  const parts = cellText(cell).split(/\s*[/／,，、]\s*|\s+/).filter(Boolean);
  let level: RegionOption[] | undefined = regionTree();
  const codes: string[] = [];
  for (const part of parts) {
    const found: RegionOption | undefined = level?.find((o) => o.label === part || o.value === part);
    if (!found) return { error: 'formats:format.region' };
    codes.push(found.value);
    level = found.children;
  }
  return codes.length === 3 ? { value: codes } : { error: 'formats:format.region' };
}

/** The value of `field` a cell gives; an empty cell gives none (a required field is then missing). */
export function readCell(def: ResourceDefinition, field: string, cell: Cell): CellReading {
  if (cellText(cell) === '') return {};
  const schema = def.record.properties[field];
  switch (fieldKindOf(schema)) {
    case 'money':
      return { value: readMoney(cell) };
    case 'date':
      return { value: readDay(cell) };
    case 'enum':
      return { value: readEnum(def, field, schema, cell) };
    case 'region':
      return readRegion(cell);
    case undefined:
      if (schema.type === 'number' || schema.type === 'integer') return { value: readNumber(cell) };
      if (schema.type === 'boolean') return { value: readBoolean(cell) };
      return { value: cellText(cell) };
    default:
      return { value: cellText(cell) };
  }
}
