import { Skeleton, theme } from 'antd';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/money';
import type { ChartRow, ChartSeries, ChartTone } from './types';
import './charts.css';

// The drawing (recharts) loads with the first chart a route shows, never with the shell.
const ChartCanvas = lazy(() => import('./ChartCanvas'));

export interface ChartProps {
  /** Translated title: the drawing's accessible name and the data table's caption. */
  title: string;
  data: ChartRow[];
  xKey: string;
  /** Translated header of the x column in the data table. */
  xLabel: string;
  series: ChartSeries[];
  /** The figures in words (totals, peaks), always shown above the drawing. */
  summary?: ReactNode;
  height?: number;
  /** Values are yuan (default): shown with two decimals and thousands separators. */
  money?: boolean;
}

const toneToken = { in: 'colorSuccess', out: 'colorError', primary: 'colorPrimary', accent: 'colorWarning' } as const satisfies Record<ChartTone, string>;

/** A YYYY-MM-DD day as MM-DD on the axis; anything else as it is. */
const shortX = (x: string) => (/^\d{4}-\d{2}-\d{2}$/.test(x) ? x.slice(5) : x);

/**
 * The console's one chart (issue 19): bars, lines or areas over a shared x, in the theme's colours
 * (light and dark: antd's tokens), with the language's texts, a legend of its own, the figures in
 * words above it and every value in a data table beside it (a disclosure), so a screen reader or a
 * reader who would rather read than look has the same figures. Used by home's 30 days, coin-days
 * and the reports; other pages pass their rows and series the same way.
 */
export function Chart({ title, data, xKey, xLabel, series, summary, height = 240, money = true }: ChartProps) {
  const { t } = useTranslation('charts');
  const { token } = theme.useToken();
  const coloured = useMemo(() => series.map((s) => ({ ...s, color: token[toneToken[s.tone]] })), [series, token]);
  const numeric = useMemo(() => data.map((row) => ({ ...row, ...Object.fromEntries(series.map((s) => [s.key, Number(row[s.key] ?? 0)])) })), [data, series]);
  const format = (v: string | number) => (money ? formatMoney(v) : String(v));

  return (
    <figure className="lsf-chart" aria-label={title}>
      {summary && <p className="lsf-chart__summary">{summary}</p>}
      <div role="img" aria-label={title} className="lsf-chart__drawing" style={{ height }}>
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
          <ChartCanvas
            data={numeric}
            xKey={xKey}
            series={coloured}
            height={height}
            colors={{ text: token.colorTextSecondary, grid: token.colorBorderSecondary, tooltipBg: token.colorBgElevated, tooltipBorder: token.colorBorder, tooltipText: token.colorText }}
            formatValue={(v) => format(v)}
            formatX={shortX}
          />
        </Suspense>
      </div>
      <div className="lsf-chart__legend">
        {coloured.map((s) => (
          <span key={s.key} className="lsf-chart__legend-item">
            <span className="lsf-chart__swatch" data-testid={`chart-swatch-${s.key}`} style={{ background: s.color }} aria-hidden />
            {s.label}
          </span>
        ))}
      </div>
      <details className="lsf-chart__data">
        <summary>{t('showTable')}</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={String(row[xKey])}>
                <th scope="row">{String(row[xKey])}</th>
                {series.map((s) => (
                  <td key={s.key}>{format(row[s.key] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
