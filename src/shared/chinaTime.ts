// China time (UTC+8, no daylight saving): the product's one time zone. The calendar the
// product's days are in (an offer's valid-until, a contract's release day, a receipt's number,
// an ID card's birth date) and the one way every instant is shown, in the console (header
// clock, lists, show pages, messages, todos, notices, receipts) and by the server (message
// texts, exports): `YYYY-MM-DD HH:mm:ss` in China, whatever zone the browser or server is in.

/** The IANA name of China time, for Intl and SQL (`at time zone`). */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** `at` moved by the China offset: its UTC fields are China's wall clock. */
const shifted = (at: Date | number): Date => new Date((typeof at === 'number' ? at : at.getTime()) + CHINA_OFFSET_MS);

/** The China calendar day of `at`, YYYY-MM-DD. */
export const chinaDay = (at: Date): string => shifted(at).toISOString().slice(0, 10);

/** A YYYY-MM-DD day before today in China at `now` (an offer valid until then would expire at once). */
/** The instant a China day (YYYY-MM-DD) starts. */
export const chinaDayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

export const isPastChinaDay = (day: string, now: Date): boolean => day < chinaDay(now);

/** The hour of `at` in China, 0 to 23 (the greeting's part of the day). */
export const chinaHour = (at: Date | number): number => shifted(at).getUTCHours();

/** The epoch milliseconds of an instant given as a Date, a number or an ISO 8601 string; NaN if it is none. */
const instantOf = (value: unknown): number => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return Date.parse(value);
  return NaN;
};

/**
 * The product's one time format: an instant as `YYYY-MM-DD HH:mm:ss` in China time, the same in
 * every language. A value that is not an instant is shown as it is ('' for nothing), so a
 * malformed field is visible rather than hidden.
 */
export function formatChinaTime(value: unknown): string {
  const time = instantOf(value);
  if (Number.isNaN(time)) return value === undefined || value === null ? '' : String(value);
  return shifted(time).toISOString().slice(0, 19).replace('T', ' ');
}
