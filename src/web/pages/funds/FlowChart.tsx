import { Card, Empty, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DailyFlowView } from '../../../shared/api';
import { fenToYuan, formatMoney, yuanToFen } from '../../../shared/money';
import { ErrorState } from '../../resources/states';
import { useDailyFlows } from './api';
import './funds.css';

const HEIGHT = 120;
const BAR = 6;
const STEP = 2 * BAR + 6;

/** Sums yuan strings exactly (in fen), for the summary line. */
const total = (days: readonly DailyFlowView[], key: 'inflow' | 'outflow') => days.reduce((sum, d) => sum + yuanToFen(d[key]), 0n);

/**
 * The last 30 days of the wallet's inflow and outflow (GET /api/funds/flows/daily), a pair of bars
 * per China day. A small SVG rather than a chart library: 30 pairs of bars do not need a canvas
 * engine of a megabyte, and SVG renders (and is tested) the same in jsdom and the browser. Each
 * bar carries its day and amount as a tooltip title; the summary line says the totals in words.
 */
export function FlowChart() {
  const { t } = useTranslation('funds');
  const { token } = theme.useToken();
  const flows = useDailyFlows();

  let body;
  if (flows.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (flows.isError) body = <ErrorState error={flows.error} onRetry={() => void flows.refetch()} />;
  else {
    const days = flows.data;
    const inflow = total(days, 'inflow');
    const outflow = total(days, 'outflow');
    if (inflow === 0n && outflow === 0n) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />;
    else {
      const larger = (a: bigint, b: bigint) => (a > b ? a : b);
      const peak = days.reduce((max, d) => larger(max, larger(yuanToFen(d.inflow), yuanToFen(d.outflow))), 1n);
      // Bar heights only: fen to a fraction of the peak, the one place money becomes a float.
      const height = (yuan: string) => Math.round((Number(yuanToFen(yuan)) / Number(peak)) * HEIGHT);
      const bar = (d: DailyFlowView, key: 'inflow' | 'outflow', x: number, fill: string) => {
        const h = height(d[key]);
        return (
          <rect key={key} x={x} y={HEIGHT - h} width={BAR} height={h} fill={fill} data-testid={`flow-${key}-${d.day}`}>
            <title>{`${d.day} ${t(`chart.${key}`)} ${formatMoney(d[key])}`}</title>
          </rect>
        );
      };
      body = (
        <>
          <p className="funds-chart__summary">{t('chart.summary', { inflow: formatMoney(fenToYuan(inflow)), outflow: formatMoney(fenToYuan(outflow)) })}</p>
          <svg className="funds-chart" viewBox={`0 0 ${days.length * STEP} ${HEIGHT + 16}`} preserveAspectRatio="none" role="img" aria-label={t('chart.title')}>
            {days.map((d, i) => (
              <g key={d.day}>
                {bar(d, 'inflow', i * STEP, token.colorSuccess)}
                {bar(d, 'outflow', i * STEP + BAR, token.colorError)}
              </g>
            ))}
            <line x1={0} x2={days.length * STEP} y1={HEIGHT} y2={HEIGHT} stroke={token.colorBorder} />
            <text x={0} y={HEIGHT + 14} fontSize={10} fill={token.colorTextSecondary}>
              {days[0].day.slice(5)}
            </text>
            <text x={days.length * STEP} y={HEIGHT + 14} fontSize={10} textAnchor="end" fill={token.colorTextSecondary}>
              {days[days.length - 1].day.slice(5)}
            </text>
          </svg>
          <div className="funds-chart__legend">
            <span style={{ color: token.colorSuccess }}>■</span> {t('chart.inflow')} <span style={{ color: token.colorError }}>■</span> {t('chart.outflow')}
          </div>
        </>
      );
    }
  }
  return <Card title={t('chart.title')}>{body}</Card>;
}
