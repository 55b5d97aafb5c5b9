// Coin-days (/operator/currency; DESIGN §9): for a period of China days, the sum over its
// days of the wallet's end-of-day available balance, in yuan x days. Wire shapes of
// GET /api/system/personal/getcoindays and POST /api/system/personal/coindaysdetail, shared by
// the server and the console. Money is yuan strings with two decimals (src/shared/money.ts).

/** The longest period one call covers (a leap year). */
export const COIN_DAYS_MAX_DAYS = 366;

export interface CoinDaysSummary {
  /** The period asked for, YYYY-MM-DD China days, inclusive. */
  from: string;
  to: string;
  /** The days counted: the period up to today (China); today counts with its balance so far. */
  countedTo: string | null;
  days: number;
  /** Sum of the counted days' closing balances, yuan x days. */
  coinDays: string;
  /** coinDays / days, rounded half-up to the fen ('0.00' with no day counted). */
  averageBalance: string;
  /** The closing balance of the last counted day. */
  closingBalance: string;
}

export interface CoinDaysDay {
  /** YYYY-MM-DD China day. */
  date: string;
  /** The wallet's available balance at the end of the day (yuan). */
  closingBalance: string;
  /** The day's coin-days: its closing balance x 1 day. */
  coinDays: string;
  /** Coin-days from the period's first day up to and including this one. */
  cumulative: string;
}

export interface CoinDaysDetailQuery {
  from?: string;
  to?: string;
  /** Only days whose closing balance is within these yuan amounts. */
  minBalance?: string;
  maxBalance?: string;
  order?: 'asc' | 'desc';
  pageNo?: number;
  pageSize?: number;
}

export interface CoinDaysDetailPage {
  records: CoinDaysDay[];
  /** Days that match the filters. */
  total: number;
  /** Coin-days of the days that match the filters, and of the whole counted period. */
  totals: { coinDays: string; periodCoinDays: string };
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Whether `day` is a real YYYY-MM-DD calendar day. */
export const isDay = (day: unknown): day is string =>
  typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** Days from `from` to `to`, both counted (0 when `to` is before `from`). */
export const daysBetween = (from: string, to: string): number => Math.max(0, dayNumber(to) - dayNumber(from) + 1);

/** The first and last day of the China month of `today` (YYYY-MM-DD): the default period. */
export function monthOf(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}
