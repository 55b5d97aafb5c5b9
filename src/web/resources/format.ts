import { formatMoney } from '../../shared/money';
import type { Language } from '../../shared/constants';

// Display formats of list cells and show pages. Timestamps are shown in China time (UTC+8):
// the date-range filters and exports count calendar days in China, so a record created at
// 23:30 in Beijing must read as that day wherever the browser happens to be.
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function cachedFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = dateFormats.get(key);
  if (!format) {
    format = make();
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar date 'YYYY-MM-DD' in the user's locale (2026/12/01, 12/01/2026). */
export function formatDate(value: unknown, language: Language): string {
  const match = typeof value === 'string' ? DATE_RE.exec(value) : null;
  if (!match) return value === undefined || value === null ? '' : String(value);
  const format = cachedFormat(`d:${language}`, () => new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }));
  return format.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** An ISO instant in the user's locale, China time, to the minute. */
export function formatDateTime(value: unknown, language: Language): string {
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) return value === undefined || value === null ? '' : String(value);
  const format = cachedFormat(`t:${language}`, () =>
    new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: DISPLAY_TIME_ZONE }),
  );
  return format.format(time);
}

/** Two decimals with thousands separators; what is not an amount is shown as it is. */
export function displayMoney(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  try {
    return formatMoney(value as string | number);
  } catch {
    return String(value);
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();
export function formatNumber(value: unknown, language: Language): string {
  if (typeof value !== 'number') return value === undefined || value === null ? '' : String(value);
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 6 });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** Colours of well-known state names; other states get a colour by their position. */
const STATE_COLOURS: Record<string, string> = {
  draft: 'default',
  requested: 'processing',
  submitted: 'processing',
  published: 'processing',
  pending_signature: 'processing',
  accepted: 'success',
  approved: 'success',
  issued: 'success',
  signed: 'success',
  paid: 'success',
  completed: 'success',
  rejected: 'error',
  declined: 'error',
  failed: 'error',
  objection: 'warning',
  withdrawn: 'warning',
  cancelled: 'default',
  expired: 'default',
};
const PALETTE = ['blue', 'cyan', 'geekblue', 'purple', 'magenta', 'gold', 'lime', 'volcano'];

export function stateColour(state: string, states: readonly string[]): string {
  return STATE_COLOURS[state] ?? PALETTE[Math.max(0, states.indexOf(state)) % PALETTE.length];
}
