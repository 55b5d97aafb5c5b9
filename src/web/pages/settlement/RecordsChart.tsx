import { useList } from '@refinedev/core';
import { Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChinaTime } from '../../../shared/chinaTime';
import { fenToYuan, formatMoney, yuanToFen } from '../../../shared/money';
import type { ResourceRecord } from '../../../shared/resources/types';
import { Chart } from '../../charts/Chart';
import type { ChartSeries } from '../../charts/types';
import { useResourceText } from '../../resources/labels';
import type { SlotProps } from '../../resources/slots';
import { ErrorState } from '../../resources/states';

interface RecordsChartSpec {
  /** The records drawn: the list's sort, the first `count`. */
  sort: { field: string; order: 'asc' | 'desc' };
  count: number;
  /** The x of a point: a field of the record (a time shown in China time, to the minute). */
  x: string;
  /** Oldest first on the axis (the list reads newest first). */
  chronological: boolean;
  series: Omit<ChartSeries, 'label'>[];
  /** charts:<title> and charts:<summary>, with {{count}}, {{title}}, {{totals}}. */
  title: string;
  summary: string;
}

/**
 * The settlement lists' charts (issue 19): the latest 30 clearing runs (what went in, what was
 * cancelled, what stayed unsettled) and the caller's 10 largest contracts of the outgoing detail
 * (what was paid, is open, was refunded). Read through the same list endpoint as the table.
 */
export const RECORDS_CHARTS: Record<string, RecordsChartSpec> = {
  clearingRuns: {
    sort: { field: 'createdAt', order: 'desc' },
    count: 30,
    x: 'createdAt',
    chronological: true,
    series: [
      { key: 'amountIn', tone: 'primary', kind: 'line' },
      { key: 'amountCleared', tone: 'in' },
      { key: 'amountUnsettled', tone: 'out' },
    ],
    title: 'runsTitle',
    summary: 'runsSummary',
  },
  contractOutgoings: {
    sort: { field: 'amount', order: 'desc' },
    count: 10,
    x: 'title',
    chronological: false,
    series: [
      { key: 'paid', tone: 'in', stack: 'contract' },
      { key: 'open', tone: 'accent', stack: 'contract' },
      { key: 'refunded', tone: 'out', stack: 'contract' },
    ],
    title: 'outgoingTitle',
    summary: 'outgoingSummary',
  },
};

/** A time as China time to the minute (two runs of a day apart); any other value as it is. */
const xOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatChinaTime(value).slice(0, 16) : String(value ?? ''));

export default function RecordsChart({ definition }: SlotProps['listHeader']) {
  const { t } = useTranslation('charts');
  const text = useResourceText(definition);
  const spec = RECORDS_CHARTS[definition.name];
  const { query, result } = useList<ResourceRecord>({
    resource: definition.name,
    pagination: { currentPage: 1, pageSize: spec?.count ?? 10, mode: 'server' },
    sorters: spec ? [spec.sort] : [],
    meta: { silent: true },
    queryOptions: { retry: false, enabled: Boolean(spec) },
  });
  const series = useMemo(() => (spec?.series ?? []).map((s) => ({ ...s, label: text.field(s.key) })), [spec, text]);
  if (!spec) return null;
  const title = t(spec.title, { count: spec.count, title: text.title });

  let body;
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const records = spec.chronological ? [...result.data].reverse() : result.data;
    const data = records.map((r) => ({ [spec.x]: xOf(r[spec.x]), ...Object.fromEntries(spec.series.map((s) => [s.key, String(r[s.key] ?? '0.00')])) }));
    const totals = series.map((s) => `${s.label} ${formatMoney(fenToYuan(data.reduce((sum, d) => sum + yuanToFen(d[s.key] || '0'), 0n)))}`);
    body = (
      <Chart
        title={title}
        data={data}
        xKey={spec.x}
        xLabel={text.field(spec.x)}
        height={220}
        series={series}
        summary={t(spec.summary, { count: records.length, totals: totals.join(t('listSeparator')) })}
      />
    );
  }
  return (
    <Card size="small" title={title} className="resource-list__chart">
      {body}
    </Card>
  );
}
