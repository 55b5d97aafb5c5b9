import { Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fenToYuan, formatMoney, yuanToFen } from '../../../shared/money';
import { REPORT_CHART_DAYS, REPORT_CHART_SERIES, isChartedReport } from '../../../shared/reportCharts';
import { Chart } from '../../charts/Chart';
import type { ChartTone } from '../../charts/types';
import { currentLanguage } from '../../i18n';
import { useReportDaily } from '../../system/funds';
import type { SlotProps } from '../../resources/slots';
import { ErrorState } from '../../resources/states';

/** The colour of each category: money back to the wallet green, money gone red, the rest primary/accent. */
const TONES: Record<string, ChartTone> = {
  release: 'in',
  collateralPosted: 'primary',
  refund: 'accent',
  pending: 'accent',
  posted: 'out',
  voided: 'in',
  processing: 'accent',
  completed: 'primary',
  failed: 'out',
};

/**
 * A report's last 30 days as stacked categories per China day (GET /api/reports/:report/daily),
 * above its table (the list page's listHeader slot): how collateral ended (paymentInventory),
 * objection deposits (entropyList) and withdrawals (withdrawalList) by state. Category names are
 * the resource file's own labels; the totals per category are said in words.
 */
export default function ReportChart({ definition }: SlotProps['listHeader']) {
  const { t } = useTranslation('charts');
  const report = definition.name;
  const daily = useReportDaily(isChartedReport(report) ? report : undefined);
  const labels = definition.labels[currentLanguage()];
  const spec = isChartedReport(report) ? REPORT_CHART_SERIES[report] : null;
  const series = useMemo(
    () =>
      (spec?.keys ?? []).map((key) => ({
        key,
        label: (spec?.by === 'kind' ? labels.enums?.kind?.[key] : labels.states?.[key]) ?? key,
        tone: TONES[key] ?? 'primary',
        stack: 'day',
      })),
    [spec, labels],
  );
  if (!spec) return null;
  const title = t('reportTitle', { days: REPORT_CHART_DAYS, title: labels.title });

  let body;
  if (daily.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (daily.isError) body = <ErrorState error={daily.error} onRetry={() => void daily.refetch()} />;
  else {
    const totals = series.map((s) => `${s.label} ${formatMoney(fenToYuan(daily.data.reduce((sum, d) => sum + yuanToFen(d[s.key] ?? '0'), 0n)))}`);
    body = (
      <Chart
        title={title}
        data={daily.data}
        xKey="day"
        xLabel={t('day')}
        height={200}
        series={series}
        summary={t('reportSummary', { days: REPORT_CHART_DAYS, totals: totals.join(t('listSeparator')) })}
      />
    );
  }
  return (
    <Card size="small" title={title} className="resource-list__chart">
      {body}
    </Card>
  );
}
