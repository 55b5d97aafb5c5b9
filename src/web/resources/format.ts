import { formatChinaTime } from '../../shared/chinaTime';
import { formatMoney } from '../../shared/money';
import type { Language } from '../../shared/constants';

// Display formats of list cells and show pages. Times are the product's one format, China time
// (src/shared/chinaTime.ts): the date-range filters and exports count calendar days in China,
// so a record created at 23:30 in Beijing must read as that day wherever the browser is.

/** A calendar date 'YYYY-MM-DD', shown as it is (the same in every language, like times). */
export function formatDate(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value);
}

/** An instant (ISO string, Date or epoch ms) as `YYYY-MM-DD HH:mm:ss`, China time. */
export const formatDateTime = (value: unknown): string => formatChinaTime(value);

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
  // A bill passed on whole (issue 31): done with for its holder, though not paid to it.
  passedOn: 'purple',
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
