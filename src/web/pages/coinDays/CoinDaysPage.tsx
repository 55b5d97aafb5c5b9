import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Dropdown, Form, Input, Row, Space, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chinaDay } from '../../../shared/chinaTime';
import { COIN_DAYS_MAX_DAYS, monthOf, type CoinDaysDay } from '../../../shared/coinDays';
import { formatMoney, MoneyFormatError, yuanToFen } from '../../../shared/money';
import { Chart } from '../../charts/Chart';
import { useDownload } from '../../refine/files';
import { saveBlob } from '../../resources/ExportButton';
import { ErrorState } from '../../resources/states';
import { COIN_DAYS_EXPORT_PATH, useCoinDaysDetail, useCoinDaysSummary, type Period } from '../../system/coinDays';

const DAY = 'YYYY-MM-DD';

/** A balance bound as typed, in fen; null for one the server would refuse (a sign, a letter, a third decimal). */
function boundFen(value: unknown): bigint | null {
  const text = typeof value === 'string' ? value.trim() : '';
  try {
    return yuanToFen(text);
  } catch (error) {
    if (error instanceof MoneyFormatError) return null;
    throw error;
  }
}
const typedText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const PAGE_SIZE = 10;

interface Filters {
  minBalance?: string;
  maxBalance?: string;
}

/**
 * /operator/currency: the wallet's coin-days over a period, this month by default: the
 * sum over China days of the end-of-day available balance, its days, average and last balance;
 * a chart of the daily balance and the cumulative coin-days; the daily detail, filtered by
 * balance, paged, with its total, and exported as CSV or XLSX.
 */
export default function CoinDaysPage() {
  const { t } = useTranslation(['coinDays', 'formats']);
  const [period, setPeriod] = useState<Period>(() => monthOf(chinaDay(new Date())));
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [exporting, setExporting] = useState(false);
  const [form] = Form.useForm<{ period: [Dayjs, Dayjs]; minBalance?: string; maxBalance?: string }>();
  const download = useDownload();

  const summary = useCoinDaysSummary(period);
  const all = useCoinDaysDetail({ ...period, pageSize: COIN_DAYS_MAX_DAYS });
  const detail = useCoinDaysDetail({ ...period, ...filters, order, pageNo: page, pageSize: PAGE_SIZE });

  const chartRows = useMemo(() => (all.data?.records ?? []).map((d) => ({ date: d.date, closingBalance: d.closingBalance, cumulative: d.cumulative })), [all.data]);
  const series = useMemo(
    () => [
      { key: 'closingBalance', label: t('closingBalance'), tone: 'primary' as const, kind: 'area' as const },
      { key: 'cumulative', label: t('cumulative'), tone: 'accent' as const, kind: 'line' as const, axis: 'right' as const },
    ],
    [t],
  );

  const amountRule = (_rule: unknown, value: unknown) =>
    !typedText(value) || boundFen(value) !== null ? Promise.resolve() : Promise.reject(new Error(t('format.money', { ns: 'formats' })));
  const rangeRule = (min: unknown, max: unknown) => {
    const [low, high] = [min, max].map((v) => (typedText(v) ? boundFen(v) : null));
    return low !== null && high !== null && high < low ? Promise.reject(new Error(t('maxBelowMin'))) : Promise.resolve();
  };

  const search = (values: { period?: [Dayjs, Dayjs]; minBalance?: string; maxBalance?: string }) => {
    if (values.period) setPeriod({ from: values.period[0].format(DAY), to: values.period[1].format(DAY) });
    setFilters({ minBalance: values.minBalance?.trim() || undefined, maxBalance: values.maxBalance?.trim() || undefined });
    setPage(1);
  };

  const runExport = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      const query: Record<string, string> = { ...period, format, order };
      if (filters.minBalance) query.minBalance = filters.minBalance;
      if (filters.maxBalance) query.maxBalance = filters.maxBalance;
      const file = await download(COIN_DAYS_EXPORT_PATH, { query, timeoutMs: 120_000 });
      saveBlob(file.blob, file.filename ?? `coindays-${period.from}-${period.to}.${format}`);
    } catch {
      // The HTTP client has told the user why.
    } finally {
      setExporting(false);
    }
  };

  const s = summary.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('title')}>
        <Typography.Paragraph type="secondary">{t('explain')}</Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          initialValues={{ period: [dayjs(period.from), dayjs(period.to)] }}
          onFinish={search}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="period" label={t('period')}>
            <DatePicker.RangePicker allowClear={false} />
          </Form.Item>
          {/* Kept as typed; a sign, a letter, a third decimal or a range upside down is said, not searched (the server refuses them too). */}
          <Form.Item name="minBalance" label={t('minBalance')} rules={[{ validator: amountRule }]}>
            <Input inputMode="decimal" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item
            name="maxBalance"
            label={t('maxBalance')}
            dependencies={['minBalance']}
            rules={[{ validator: amountRule }, ({ getFieldValue }) => ({ validator: (_rule, value: unknown) => rangeRule(getFieldValue('minBalance'), value) })]}
          >
            <Input inputMode="decimal" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title={t('summaryTitle', { from: period.from, to: period.to })} loading={summary.isPending}>
        {summary.isError ? (
          <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          s && (
            <Row gutter={[16, 16]}>
              <Col xs={12} md={6}>
                <Statistic title={t('coinDays')} value={formatMoney(s.coinDays)} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('days')} value={s.days} suffix={s.countedTo ? t('countedTo', { day: s.countedTo }) : undefined} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('averageBalance')} value={formatMoney(s.averageBalance)} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('closingBalanceLast')} value={formatMoney(s.closingBalance)} />
              </Col>
            </Row>
          )
        )}
      </Card>
      <Card title={t('chartTitle')} loading={all.isPending}>
        {all.isError ? (
          <ErrorState error={all.error} onRetry={() => void all.refetch()} />
        ) : chartRows.length === 0 ? (
          <Typography.Text type="secondary">{t('noDays')}</Typography.Text>
        ) : (
          <Chart
            title={t('chartTitle')}
            data={chartRows}
            xKey="date"
            xLabel={t('date')}
            series={series}
            summary={s ? t('chartSummary', { days: s.days, coinDays: formatMoney(s.coinDays), closing: formatMoney(s.closingBalance) }) : undefined}
          />
        )}
      </Card>
      <Card
        title={t('detailTitle')}
        extra={
          <Dropdown
            trigger={['click']}
            disabled={exporting}
            menu={{
              items: [
                { key: 'xlsx', label: t('exportXlsx') },
                { key: 'csv', label: t('exportCsv') },
              ],
              onClick: ({ key }) => void runExport(key as 'csv' | 'xlsx'),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exporting}>
              {t('export')}
            </Button>
          </Dropdown>
        }
      >
        {detail.isError ? (
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        ) : (
          <Table<CoinDaysDay>
            rowKey="date"
            size="middle"
            loading={detail.isFetching}
            dataSource={detail.data?.records ?? []}
            onChange={(pagination, _filters, sorter) => {
              const next = !Array.isArray(sorter) && sorter.order === 'descend' ? 'desc' : 'asc';
              if (next !== order) {
                setOrder(next);
                setPage(1);
              } else setPage(pagination.current ?? 1);
            }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: detail.data?.total ?? 0, showSizeChanger: false, showTotal: (total) => t('total', { total }) }}
            columns={[
              { key: 'date', dataIndex: 'date', title: t('date'), sorter: true, sortOrder: order === 'desc' ? 'descend' : 'ascend', sortDirections: ['ascend', 'descend', 'ascend'] },
              { key: 'closingBalance', dataIndex: 'closingBalance', title: t('closingBalance'), align: 'right', render: (v: string) => formatMoney(v) },
              { key: 'coinDays', dataIndex: 'coinDays', title: t('dayCoinDays'), align: 'right', render: (v: string) => formatMoney(v) },
              { key: 'cumulative', dataIndex: 'cumulative', title: t('cumulative'), align: 'right', render: (v: string) => formatMoney(v) },
            ]}
            summary={() =>
              detail.data && (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{t('totalRow')}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} />
                  <Table.Summary.Cell index={2} align="right">
                    {formatMoney(detail.data.totals.coinDays)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} />
                </Table.Summary.Row>
              )
            }
          />
        )}
      </Card>
    </Space>
  );
}
