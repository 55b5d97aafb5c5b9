import { Badge, Button, Card, Descriptions, Popconfirm, Space, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OperatorEventView, OperatorView } from '../../../shared/operators';
import { toast } from '../../providers/uiBridge';
import OperatorForm from './OperatorForm';
import { useOperatorCalls, useOperatorLog, useOverview, type OperatorCommand } from '../../system/operator';
import { formatDateTime } from '../../resources/format';
import { consolePath } from '../../../shared/consolePaths';

const LOG_PAGE_SIZE = 10;
const time = (iso: string) => formatDateTime(iso);

/** /operator: the account, its owner, its operators (managed by the owner only) and their activity. */
export default function OperatorPage() {
  const { t } = useTranslation('operators');
  const overview = useOverview();
  const [logPage, setLogPage] = useState(1);
  const { query: log, result: logPageOf } = useOperatorLog(logPage, LOG_PAGE_SIZE);
  const { runCommand } = useOperatorCalls();
  const [form, setForm] = useState<{ editing: OperatorView | null } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (command: OperatorCommand, op: OperatorView) => {
    setBusy(op.id);
    try {
      await runCommand(command, op.id);
      toast('success', t(command === 'sendBindCode' ? 'do.codeSent' : 'do.done'));
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const data = overview.data;
  const canManage = data?.canManage ?? false;

  const columns: TableProps<OperatorView>['columns'] = [
    { title: t('list.name'), dataIndex: 'name' },
    { title: t('list.phone'), dataIndex: 'phone' },
    { title: t('list.operatorType'), dataIndex: 'operatorType', render: (type: string) => <Tag>{t(`types.${type}`)}</Tag> },
    {
      title: t('list.status'),
      dataIndex: 'status',
      render: (status: OperatorView['status']) => <Badge status={status === 'active' ? 'success' : 'default'} text={t(`list.${status}`)} />,
    },
    { title: t('list.bound'), dataIndex: 'bound', render: (bound: boolean) => <Tag color={bound ? 'blue' : 'orange'}>{t(bound ? 'list.isBound' : 'list.notBound')}</Tag> },
    { title: t('list.createdAt'), dataIndex: 'createdAt', render: time },
    ...(canManage
      ? [
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_: unknown, op: OperatorView) => (
              <Space size="small" wrap>
                <Button size="small" type="link" onClick={() => setForm({ editing: op })}>
                  {t('do.edit')}
                </Button>
                {op.status === 'active' ? (
                  <Popconfirm title={t('do.confirmDisable')} onConfirm={() => run('disableSubAccount', op)}>
                    <Button size="small" type="link" loading={busy === op.id}>
                      {t('do.disable')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button size="small" type="link" loading={busy === op.id} onClick={() => void run('enableSubAccount', op)}>
                    {t('do.enable')}
                  </Button>
                )}
                {op.bound ? (
                  <Popconfirm title={t('do.confirmUnbind')} onConfirm={() => run('unbindSubAccount', op)}>
                    <Button size="small" type="link">
                      {t('do.unbind')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button size="small" type="link" onClick={() => void run('sendBindCode', op)}>
                    {t('do.rebind')}
                  </Button>
                )}
                <Popconfirm title={t('do.confirmDelete')} onConfirm={() => run('deleteSubAccount', op)}>
                  <Button size="small" type="link" danger>
                    {t('do.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const logColumns: TableProps<OperatorEventView>['columns'] = [
    { title: t('log.time'), dataIndex: 'createdAt', render: time },
    { title: t('log.actor'), dataIndex: 'actorName' },
    { title: t('log.action'), dataIndex: 'action', render: (action: string, e) => (e.detail.to ? `${t(`log.actions.${action}`)}: ${t(`types.${e.detail.to}`)}` : t(`log.actions.${action}`)) },
    { title: t('log.target'), dataIndex: 'targetName' },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('account.title')} loading={overview.isLoading}>
        {data && (
          <Descriptions column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('account.name')}>{data.account.name}</Descriptions.Item>
            <Descriptions.Item label={t('account.type')}>{t(`account.types.${data.account.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('account.authStatus')}>
              <Space>
                <span data-testid="auth-status">{t(`account.authStatuses.${data.account.authStatus}`)}</span>
                {data.account.authStatus !== 'approved' && <Link to={consolePath('businessAuthentication')}>{t('account.goAuth')}</Link>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('account.owner')}>
              {data.owner.name} {data.owner.maskedPhone}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card
        title={t('list.title')}
        extra={
          canManage && (
            <Button type="primary" onClick={() => setForm({ editing: null })}>
              {t('list.add')}
            </Button>
          )
        }
      >
        <Table<OperatorView>
          rowKey="id"
          size="middle"
          loading={overview.isLoading}
          dataSource={data?.records ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('list.empty') }}
          scroll={{ x: true }}
        />
      </Card>
      <Card title={t('log.title')}>
        <Table<OperatorEventView>
          rowKey="id"
          size="small"
          loading={log.isLoading}
          dataSource={logPageOf.data}
          columns={logColumns}
          pagination={{ current: logPage, pageSize: LOG_PAGE_SIZE, total: logPageOf.total ?? 0, onChange: setLogPage, showSizeChanger: false }}
        />
      </Card>
      {form && (
        <OperatorForm
          editing={form.editing}
          // A save has already put its answer in the overview and asked for the log again.
          onClose={() => setForm(null)}
        />
      )}
    </Space>
  );
}
