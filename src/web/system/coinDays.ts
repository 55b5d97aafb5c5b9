import type { CoinDaysDetailPage, CoinDaysDetailQuery, CoinDaysSummary } from '../../shared/coinDays';
import { useSystemQuery } from '../refine/systemData';

// Coin-days (/operator/currency) through refine's `system` provider: the SPEC §7 endpoints.

export interface Period {
  from: string;
  to: string;
}

/** GET /api/system/personal/getcoindays: the period's sum, days, average and closing balance. */
export const useCoinDaysSummary = (period: Period) => useSystemQuery<CoinDaysSummary>('/system/personal/getcoindays', { query: { ...period }, silent: true, retry: false });

/** POST /api/system/personal/coindaysdetail: a page of days (or the whole period for the chart). */
export const useCoinDaysDetail = (query: CoinDaysDetailQuery) =>
  useSystemQuery<CoinDaysDetailPage>('/system/personal/coindaysdetail', { method: 'post', payload: query, silent: true, retry: false });

/** Where the detail's CSV/XLSX comes from (GET, the same filters). */
export const COIN_DAYS_EXPORT_PATH = '/system/personal/coindaysdetail/export';
