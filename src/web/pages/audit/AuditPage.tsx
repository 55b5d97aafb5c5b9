import { List, useTable } from '@refinedev/antd';
import { Button, DatePicker, Select, Space, Table, Tag, Typography, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../shared/api';
import type { ResourceDefinition } from '../../../shared/resources/types';
import { useDownload } from '../../refine/files';
import { saveBlob } from '../../resources/ExportButton';
import { useResourceDefinitions } from '../../resources/definitions';
import { formatDateTime } from '../../resources/format';
import { referencePath } from '../../refine/reference';
import { AUDIT_EXPORT_PATH } from '../../system/audit';
import type { PageProps } from '../registry';

interface Filters {
  resource?: string;
  actor?: 'person' | 'system';
  userId?: string;
  userName?: string;
  period?: [Dayjs, Dayjs];
}

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * The audit trail (GET /api/audit): an owner's account (/audit), or every account for platform
 * operations (/ops/audit). Read-only: the trail offers no edit or delete anywhere. Filters by
 * business, person or system, period, and a person (click a name); export in the same filters.
 */
export default function AuditPage({ route }: PageProps) {
  const { t, i18n } = useTranslation('audit');
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const ops = route.key === 'opsAudit';
  const [filters, setFiltersState] = useState<Filters>({});
  const definitions = useResourceDefinitions().data;
  const byName = useMemo(() => new Map((definitions ?? []).map((d) => [d.name, d])), [definitions]);
  const params = useMemo(
    () => ({
      ...(filters.resource ? { resource: filters.resource } : {}),
      ...(filters.actor ? { actor: filters.actor } : {}),
      ...(filters.userId ? { userId: filters.userId } : {}),
      ...(filters.period ? { from: day(filters.period[0]), to: day(filters.period[1]) } : {}),
    }),
    [filters],
  );
  const { tableProps } = useTable<AuditEntry>({
    resource: 'audit',
    dataProviderName: 'system',
    syncWithLocation: false,
    pagination: { pageSize: 20, mode: 'server' },
    meta: { params },
    queryOptions: { placeholderData: (previous) => previous, retry: false },
  });
  const setFilters = (patch: Partial<Filters>) => setFiltersState((f) => ({ ...f, ...patch }));
  const label = (d: ResourceDefinition | undefined) => d?.labels[lang];
  const actionLabel = (e: AuditEntry) => label(byName.get(e.resource))?.actions?.[e.action]?.label ?? t(`actions.${e.action}`, { defaultValue: e.action });
  const stateLabel = (e: AuditEntry, state: string | null) => (state ? (label(byName.get(e.resource))?.states?.[state] ?? state) : '');

  const columns: TableProps<AuditEntry>['columns'] = [
    { key: 'at', title: t('columns.time'), dataIndex: 'at', width: 170, render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</span> },
    {
      key: 'actor',
      title: t('columns.actor'),
      render: (_, e) =>
        e.actor.kind === 'person' && e.actor.apiKey ? (
          <Tag color="geekblue">{t('byKey', { name: e.actor.apiKey.name })}</Tag>
        ) : e.actor.kind === 'person' ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setFilters({ userId: (e.actor as { userId: string }).userId, userName: (e.actor as { name: string }).name })}>
            {e.actor.name || e.actor.phone} <Typography.Text type="secondary">{e.actor.phone}</Typography.Text>
          </Button>
        ) : (
          <Tag>{t('system', { job: t(`jobs.${e.actor.job}`, { defaultValue: e.actor.job }) })}</Tag>
        ),
    },
    ...(ops ? [{ key: 'account', title: t('columns.account'), render: (_: unknown, e: AuditEntry) => (e.actor.kind === 'person' ? e.actor.accountName : '') }] : []),
    { key: 'resource', title: t('columns.resource'), render: (_, e) => label(byName.get(e.resource))?.title ?? e.resource },
    {
      key: 'record',
      title: t('columns.record'),
      render: (_, e) => {
        const path = byName.has(e.resource) ? referencePath(e.resource, e.recordId) : undefined;
        const short = e.recordId.slice(0, 8);
        return path ? <Link to={`${path}`}>{short}</Link> : <Typography.Text type="secondary">{short}</Typography.Text>;
      },
    },
    { key: 'action', title: t('columns.action'), render: (_, e) => actionLabel(e) },
    { key: 'move', title: `${t('columns.from')} → ${t('columns.to')}`, render: (_, e) => (e.from === e.to ? stateLabel(e, e.to) : `${stateLabel(e, e.from) || '—'} → ${stateLabel(e, e.to)}`) },
  ];

  const download = useDownload();
  const [exporting, setExporting] = useState(false);
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      const file = await download(AUDIT_EXPORT_PATH, { query: { ...params, format } });
      saveBlob(file.blob, file.filename ?? `audit.${format}`);
    } catch {
      // The HTTP client has told the user why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <List
      resource="audit"
      title={t(ops ? 'opsTitle' : 'title')}
      breadcrumb={false}
      headerButtons={
        <Space>
          <Button loading={exporting} onClick={() => void exportAs('xlsx')}>
            {t('export')} XLSX
          </Button>
          <Button loading={exporting} onClick={() => void exportAs('csv')}>
            {t('export')} CSV
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t(ops ? 'opsIntro' : 'intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={t('filters.resource')}
          style={{ minWidth: 180 }}
          value={filters.resource}
          onChange={(resource: string | undefined) => setFilters({ resource })}
          options={(definitions ?? []).filter((d) => !d.source).map((d) => ({ value: d.name, label: label(d)?.title ?? d.name }))}
          aria-label={t('filters.resource')}
        />
        <Select
          allowClear
          placeholder={t('filters.actor')}
          style={{ minWidth: 120 }}
          value={filters.actor}
          onChange={(actor: Filters['actor']) => setFilters({ actor })}
          options={[
            { value: 'person', label: t('filters.person') },
            { value: 'system', label: t('filters.system') },
          ]}
          aria-label={t('filters.actor')}
        />
        <DatePicker.RangePicker value={filters.period ?? null} onChange={(range) => setFilters({ period: range && range[0] && range[1] ? [range[0], range[1]] : undefined })} aria-label={t('filters.period')} />
        {filters.userId && (
          <Tag closable onClose={() => setFilters({ userId: undefined, userName: undefined })}>
            {t('filters.user')}: {filters.userName}
          </Tag>
        )}
      </Space>
      <Table<AuditEntry> {...tableProps} rowKey="seq" columns={columns} size="middle" scroll={{ x: 'max-content' }} locale={{ emptyText: t('empty') }} />
    </List>
  );
}
