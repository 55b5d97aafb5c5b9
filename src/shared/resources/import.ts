// Importing records from a spreadsheet (issue 32 item 4): the limits and what the server answers
// (src/server/resources/import/), read by the console's import dialog (src/web/resources/import/).
// A resource file declares the fields a row may give (list.import.fields); the preview checks
// each row as a create would and writes nothing; the import writes the valid rows in batches,
// each batch in one transaction.
import { fieldKindOf, type FieldKind } from './fieldKinds';
import type { FieldSchema, ResourceRecord } from './types';

/** At most this many rows (the header row not counted) in one file. */
export const IMPORT_MAX_ROWS = 1000;
/** At most this many bytes in one file. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The valid rows written in one transaction: a row refused while writing rolls back its batch alone. */
export const IMPORT_BATCH = 100;
/** The formats a file may be in. */
export const IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The field kinds a spreadsheet cell can hold (src/server/resources/import/cells.ts reads each); plain fields by their JSON type. */
export const IMPORTABLE_KINDS = ['text', 'textarea', 'money', 'date', 'enum', 'region', 'industry', 'reference'] as const satisfies readonly FieldKind[];
const PLAIN_TYPES = ['string', 'number', 'integer', 'boolean'];

/** Whether a field may be imported from a cell. */
export function isImportable(schema: FieldSchema | undefined): boolean {
  if (!schema || schema.readOnly) return false;
  const kind = fieldKindOf(schema);
  if (kind) return (IMPORTABLE_KINDS as readonly string[]).includes(kind);
  return PLAIN_TYPES.includes(String(schema.type));
}

/** One data row of the file as the preview reads it. */
export interface ImportPreviewRow {
  /** The row's number in the file (the header is row 1), as a spreadsheet shows it. */
  row: number;
  /** The values read from its cells, by field, as a create would receive them. */
  values: Record<string, unknown>;
  /** The cells' problems, by field ('_' for the row as a whole), in the caller's language; absent when valid. */
  errors?: Record<string, string>;
}

export interface ImportPreview {
  /** The importable fields, in the order of the file's columns. */
  fields: string[];
  total: number;
  valid: number;
  invalid: number;
  rows: ImportPreviewRow[];
  /** The file's SHA-256: an import sent with it refuses a file that differs from the one previewed. */
  token: string;
}

export interface ImportRowResult {
  row: number;
  /** created: written; invalid: a cell was wrong (not sent); refused: a batch it was in was refused while writing (nothing of that batch written). */
  status: 'created' | 'invalid' | 'refused';
  /** Why it was not created, in the caller's language. */
  reason?: string;
  record?: ResourceRecord;
}

export interface ImportAnswer {
  total: number;
  created: number;
  invalid: number;
  refused: number;
  results: ImportRowResult[];
  /** The file's rows with a status and a reason column, as an XLSX workbook (base64), to download and fix. */
  resultFile: { name: string; base64: string };
}
