import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DailyFlowView } from '../../../shared/api';
import { fenToYuan, formatMoney, yuanToFen } from '../../../shared/money';
import { Chart } from '../../charts/Chart';
import { ErrorState } from '../../resources/states';
import { useDailyFlows } from '../../system/funds';

/** Sums yuan strings exactly (in fen), for the summary line. */
const total = (days: readonly DailyFlowView[], key: 'inflow' | 'outflow') => days.reduce((sum, d) => sum + yuanToFen(d[key]), 0n);

/**
 * The last 30 days of the wallet's inflow and outflow (GET /api/funds/flows/daily), a pair of bars
 * per China day, drawn by the console's chart (src/web/charts): the totals in words above it and
 * each day's figures in its data table.
 */
export function FlowChart() {
  const { t } = useTranslation('funds');
  const flows = useDailyFlows();

  let body;
  if (flows.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (flows.isError) body = <ErrorState error={flows.error} onRetry={() => void flows.refetch()} />;
  else {
    const days = flows.data;
    const inflow = total(days, 'inflow');
    const outflow = total(days, 'outflow');
    if (inflow === 0n && outflow === 0n) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />;
    else
      body = (
        <Chart
          title={t('chart.title')}
          data={days.map((d) => ({ ...d }))}
          xKey="day"
          xLabel={t('chart.day')}
          height={180}
          series={[
            { key: 'inflow', label: t('chart.inflow'), tone: 'in' },
            { key: 'outflow', label: t('chart.outflow'), tone: 'out' },
          ]}
          summary={t('chart.summary', { inflow: formatMoney(fenToYuan(inflow)), outflow: formatMoney(fenToYuan(outflow)) })}
        />
      );
  }
  return <Card title={t('chart.title')}>{body}</Card>;
}
