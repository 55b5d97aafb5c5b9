import { Alert, Badge, Button, Card, Form, Input, Modal, Popconfirm, Result, Select, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedWebhookEndpoint, WebhookDeliveryView, WebhookEndpointView } from '../../../shared/apiKeys';
import { showServerErrors } from '../../forms/serverErrors';
import { ownsCustomerAccount, useCaller } from '../../session/useCaller';
import { toast } from '../../providers/uiBridge';
import { useResourceDefinitions } from '../../resources/definitions';
import { formatDateTime } from '../../resources/format';
import type { PageProps } from '../registry';
import { useDeliveries, useEndpoints, useEventTypes, useMachineCalls } from '../../system/machines';
import { SecretModal } from './SecretModal';

const DELIVERY_COLOR: Record<WebhookDeliveryView['status'], string> = { pending: 'processing', delivered: 'success', failed: 'error' };
const DELIVERIES_PAGE_SIZE = 10;

/** One endpoint's delivery log: status, response, time, attempts, next try; re-send one. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useTranslation('machines');
  const [page, setPage] = useState(1);
  const log = useDeliveries(endpoint.id, page, DELIVERIES_PAGE_SIZE);
  const calls = useMachineCalls();
  const [busy, setBusy] = useState<string | null>(null);
  const resend = async (d: WebhookDeliveryView) => {
    setBusy(d.id);
    try {
      await calls.resend(d);
      toast('success', t('webhooks.resent'));
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(null);
    }
  };
  const columns: TableProps<WebhookDeliveryView>['columns'] = [
    { title: t('webhooks.event'), dataIndex: 'eventType', render: (type: string) => <Typography.Text code>{type}</Typography.Text> },
    { title: t('webhooks.status'), dataIndex: 'status', render: (s: WebhookDeliveryView['status']) => <Badge status={DELIVERY_COLOR[s] as 'success'} text={t(`webhooks.deliveryStatuses.${s}`)} /> },
    { title: t('webhooks.responseCode'), dataIndex: 'lastStatusCode', render: (code: number | null, d) => code ?? d.lastError ?? '' },
    { title: t('webhooks.duration'), dataIndex: 'lastDurationMs', render: (ms: number | null) => ms ?? '' },
    { title: t('webhooks.attempts'), dataIndex: 'attempts' },
    { title: t('webhooks.lastAttemptAt'), dataIndex: 'lastAttemptAt', render: (at: string | null) => (at ? formatDateTime(at) : '') },
    { title: t('webhooks.nextAt'), dataIndex: 'nextAt', render: (at: string | null) => (at ? formatDateTime(at) : '') },
    {
      key: 'actions',
      render: (_: unknown, d: WebhookDeliveryView) => (
        <Button size="small" type="link" loading={busy === d.id} onClick={() => void resend(d)}>
          {t('webhooks.resend')}
        </Button>
      ),
    },
  ];
  return (
    <Table<WebhookDeliveryView>
      rowKey="id"
      size="small"
      aria-label={t('webhooks.deliveries')}
      loading={log.isLoading}
      dataSource={log.data?.records ?? []}
      columns={columns}
      locale={{ emptyText: t('webhooks.noDeliveries') }}
      pagination={{ current: page, pageSize: DELIVERIES_PAGE_SIZE, total: log.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: true }}
    />
  );
}

/**
 * /operator/webhooks (account centre, owner only): the account's webhook endpoints; register one
 * (its signing secret shown once, with a copy button), disable, enable, delete; each endpoint's
 * delivery log with re-send. docs/machines.md says how a receiver verifies a delivery.
 */
export default function WebhooksPage(_props: PageProps) {
  const { t, i18n } = useTranslation('machines');
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const owner = ownsCustomerAccount(useCaller());
  const endpoints = useEndpoints(owner);
  const types = useEventTypes(owner);
  const definitions = useResourceDefinitions().data;
  const calls = useMachineCalls();
  const [form] = Form.useForm<{ url: string; eventTypes: string[] }>();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());

  const options = useMemo(() => {
    const byName = new Map((definitions ?? []).map((d) => [d.name, d.labels[lang]]));
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const type of types.data ?? []) {
      const labels = byName.get(type.resource);
      const action = type.action === 'create' ? t('webhooks.createdEvent') : (labels?.actions?.[type.action]?.label ?? type.action);
      groups.set(type.resource, [...(groups.get(type.resource) ?? []), { value: type.type, label: `${labels?.title ?? type.resource} · ${action} (${type.type})` }]);
    }
    return [...groups].map(([resource, items]) => ({ label: byName.get(resource)?.title ?? resource, options: items }));
  }, [types.data, definitions, lang, t]);

  if (!owner) return <Result status="403" title={t('errors.ownerOnly')} />;

  const create = async (values: { url: string; eventTypes: string[] }) => {
    setSaving(true);
    try {
      const made = await calls.createEndpoint({ url: values.url.trim(), eventTypes: values.eventTypes });
      setCreating(false);
      form.resetFields();
      setCreated(made);
    } catch (error) {
      const text = showServerErrors(form, error);
      if (text) toast('error', text);
    } finally {
      setSaving(false);
    }
  };
  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch {
      // The request layer has shown the server's message.
    }
  };

  const columns: TableProps<WebhookEndpointView>['columns'] = [
    { title: t('webhooks.url'), dataIndex: 'url', render: (url: string) => <Typography.Text code>{url}</Typography.Text> },
    { title: t('webhooks.eventTypes'), dataIndex: 'eventTypes', render: (list: string[]) => list.map((type) => <Tag key={type}>{type}</Tag>) },
    {
      title: t('webhooks.status'),
      key: 'status',
      render: (_: unknown, e: WebhookEndpointView) =>
        e.enabled ? <Badge status="success" text={t('webhooks.enabled')} /> : <Badge status="error" text={t(e.disabledReason === 'failing' ? 'webhooks.disabledFailing' : 'webhooks.disabledOwner')} />,
    },
    {
      key: 'actions',
      render: (_: unknown, e: WebhookEndpointView) => (
        <Space size="small">
          <Button size="small" type="link" onClick={() => void run(() => calls.updateEndpoint(e.id, { enabled: !e.enabled }))}>
            {t(e.enabled ? 'webhooks.disable' : 'webhooks.enable')}
          </Button>
          <Popconfirm title={t('webhooks.removeConfirm')} onConfirm={() => run(() => calls.removeEndpoint(e.id))}>
            <Button size="small" type="link" danger>
              {t('webhooks.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('webhooks.title')}
        extra={
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('webhooks.create')}
          </Button>
        }
      >
        <Alert type="info" showIcon message={t('webhooks.intro')} style={{ marginBottom: 16 }} />
        <Table<WebhookEndpointView>
          rowKey="id"
          size="middle"
          loading={endpoints.isLoading}
          dataSource={endpoints.data?.records ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('webhooks.empty') }}
          // Every endpoint's log open, a new one's too, until the owner folds it.
          expandable={{
            expandedRowRender: (e) => <Deliveries endpoint={e} />,
            expandedRowKeys: (endpoints.data?.records ?? []).filter((e) => !folded.has(e.id)).map((e) => e.id),
            onExpand: (open, e) => setFolded((was) => (open ? new Set([...was].filter((id) => id !== e.id)) : new Set([...was, e.id]))),
          }}
          scroll={{ x: true }}
        />
      </Card>
      <Modal open={creating} title={t('webhooks.create')} okText={t('webhooks.create')} confirmLoading={saving} onOk={() => form.submit()} onCancel={() => setCreating(false)} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={(v) => void create(v)} preserve={false}>
          <Form.Item name="url" label={t('webhooks.url')} rules={[{ required: true, whitespace: true, max: 2000 }]}>
            <Input placeholder="https://" autoComplete="off" />
          </Form.Item>
          <Form.Item name="eventTypes" label={t('webhooks.eventTypes')} rules={[{ required: true, type: 'array', min: 1 }]}>
            <Select mode="multiple" options={options} loading={types.isLoading} optionFilterProp="label" />
          </Form.Item>
        </Form>
      </Modal>
      {created && <SecretModal title={t('webhooks.secretTitle')} help={t('webhooks.secretHelp')} secrets={[{ label: t('keys.signingSecret'), value: created.secret }]} onClose={() => setCreated(null)} />}
    </Space>
  );
}
