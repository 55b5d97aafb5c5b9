// An uploaded spreadsheet as rows of cells: XLSX by read-excel-file (the reading sibling of
// write-excel-file, which exports), CSV by papaparse, as UTF-8 or, when it is not UTF-8, as
// GB18030 (what Excel on a Chinese Windows saves a CSV in). The first row is the header; rows
// with nothing in them are skipped; the limits (IMPORT_MAX_BYTES, IMPORT_MAX_ROWS) are a 400 or
// 413 saying so, as is a file that is neither.
import Papa from 'papaparse';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportFormat } from '../../../shared/resources/import';
import { AppError, fieldError } from '../../errors';
import { cellText, type Cell } from './cells';

export interface Sheet {
  header: string[];
  /** Data rows with their row number in the file (the header is row 1). */
  rows: { row: number; cells: Cell[] }[];
}

/** The format of an upload: by its name's extension, else by its content (an XLSX is a zip). */
export function formatOf(name: string, data: Buffer): ImportFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'xlsx' || ext === 'csv') return ext;
  if (ext === undefined || ext === 'txt') return data.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')) ? 'xlsx' : 'csv';
  throw fieldError({ file: 'api:importFormat' });
}

export const tooLarge = () => new AppError(413, { key: 'api:importTooLarge', params: { mb: IMPORT_MAX_BYTES / 1024 / 1024 } });

function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}

async function readXlsx(data: Buffer): Promise<Cell[][]> {
  // Loaded on the first import, not at start.
  const readXlsxFile = (await import('read-excel-file/node')).default;
  try {
    const sheets = await readXlsxFile(data);
    return (sheets[0]?.data ?? []) as Cell[][];
  } catch {
    throw fieldError({ file: 'api:importUnreadable' });
  }
}

function readCsv(data: Buffer): Cell[][] {
  // Blank lines kept (readSheet skips them): a row keeps the number a spreadsheet shows it under.
  const parsed = Papa.parse<string[]>(decodeText(data), { skipEmptyLines: false });
  // A quote left open swallows the rest of the file: say so rather than import half of it.
  if (parsed.errors.some((e) => e.type === 'Quotes')) throw fieldError({ file: 'api:importUnreadable' });
  return parsed.data;
}

/** The file's header and data rows. */
export async function readSheet(data: Buffer, format: ImportFormat): Promise<Sheet> {
  if (data.length > IMPORT_MAX_BYTES) throw tooLarge();
  const all = format === 'xlsx' ? await readXlsx(data) : readCsv(data);
  const numbered = all.map((cells, i) => ({ row: i + 1, cells })).filter(({ cells }) => cells.some((c) => cellText(c) !== ''));
  const [head, ...rows] = numbered;
  if (!head || !rows.length) throw fieldError({ file: 'api:importEmpty' });
  if (rows.length > IMPORT_MAX_ROWS) throw fieldError({ file: { key: 'api:importTooManyRows', params: { max: IMPORT_MAX_ROWS } } });
  return { header: head.cells.map(cellText), rows };
}
