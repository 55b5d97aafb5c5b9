import type { DailyFlowView, FundsBankAccounts, WalletView } from '../../shared/api';
import type { ReportChartDay, ChartedReport } from '../../shared/reportCharts';
import { useSystemCache, useSystemQuery } from '../refine/systemData';

// The account's money (issue 8) through refine's `system` provider: balances as yuan strings
// with two decimals, the bank accounts, the daily flows and the reports' daily figures. The
// cards show their errors themselves (silent).

const WALLET = '/funds/wallet';

/** GET /api/funds/wallet: the balances. */
export const useWallet = (enabled = true) => useSystemQuery<WalletView>(WALLET, { silent: true, retry: false, enabled });

/** Where deposits are transferred to and withdrawals go (GET /api/funds/bank-accounts). */
export const useBankAccounts = () => useSystemQuery<FundsBankAccounts>('/funds/bank-accounts', { silent: true, retry: false });

/** The last 30 China days of the wallet's inflow and outflow (home's chart). */
export const useDailyFlows = () => useSystemQuery<DailyFlowView[]>('/funds/flows/daily', { silent: true, retry: false });

/** A report's figures per China day (GET /api/reports/:report/daily); nothing is read for a report without a chart. */
export const useReportDaily = (report: ChartedReport | undefined) =>
  useSystemQuery<ReportChartDay[]>(`/reports/${report ?? ''}/daily`, { silent: true, retry: false, enabled: report !== undefined });

/** After money moved: the balances shown anywhere are read again. */
export function useFundsCache() {
  const cache = useSystemCache();
  return { refreshWallet: () => cache.refresh(WALLET) };
}
