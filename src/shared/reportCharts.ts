// The daily figures the report pages chart (issue 19): GET /api/reports/:report/daily answers, for
// the caller's account and the last REPORT_CHART_DAYS China days, the amount per day of each
// category of the report (yuan strings): escrowSettlements (/report/paymentInventory) by how the
// collateral ended (kind), objectionDeposits (/report/entropyList) and withdrawals
// (/report/withdrawalList) by state. Days are counted when the record was made (its list time).

export const REPORT_CHART_DAYS = 30;

export const REPORT_CHART_SERIES = {
  escrowSettlements: { by: 'kind', keys: ['release', 'collateralPosted', 'refund'] },
  objectionDeposits: { by: 'state', keys: ['pending', 'posted', 'voided'] },
  withdrawals: { by: 'state', keys: ['processing', 'completed', 'failed'] },
} as const;

export type ChartedReport = keyof typeof REPORT_CHART_SERIES;

export const isChartedReport = (name: string): name is ChartedReport => Object.hasOwn(REPORT_CHART_SERIES, name);

/** One China day: `day` and the amount of each of the report's keys. */
export type ReportChartDay = { day: string } & Record<string, string>;
