import { CanAccess } from '@refinedev/core';
import { Badge, Button, Card, Drawer, Grid, Popconfirm, Segmented, Space, Table, Typography, type TableProps } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTICE_PAGE_SIZE } from '../../../shared/constants';
import { useUnread } from '../../shell/unread/UnreadContext';
import { useMessageActions, useMessages, type Message } from '../../system/message';
import { isInternalLink } from '../../navigation/redirects';
import { formatDateTime } from '../../resources/format';

type Filter = 'all' | 'unread';

/** /message: the message centre (SPEC §2, §7 Messages): list, detail, read all, batch read and delete. */
export default function MessageCentrePage() {
  const { t } = useTranslation('messageCentre');
  const { refresh: refreshUnread } = useUnread();
  const [filter, setFilter] = useState<Filter>('all');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(NOTICE_PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const [detail, setDetail] = useState<Message | null>(null);
  const data = useMessages({ pageNo, pageSize, unreadOnly: filter === 'unread' });
  // Below antd's sm the status and time columns hide (responsive: ['sm']) and go under the
  // title instead, which keeps the row's width; the same test as the table's keeps them shown once.
  const phone = Grid.useBreakpoint().sm !== true;
  const actions = useMessageActions();

  const { refreshList } = actions;
  const changed = useCallback(() => {
    refreshList();
    refreshUnread();
  }, [refreshList, refreshUnread]);

  const open = async (message: Message) => {
    setDetail(message);
    const full = await actions.detail(message.id).catch(() => null);
    if (full) setDetail(full);
    if (!message.read) changed();
  };

  const runBatch = async (action: (ids: string[]) => Promise<unknown>) => {
    await action(selected).then(() => {
      setSelected([]);
      changed();
    }, () => undefined);
  };

  const columns: TableProps<Message>['columns'] = [
    {
      title: t('columns.status'),
      dataIndex: 'read',
      width: 100,
      responsive: ['sm'],
      render: (read: boolean) => <Badge status={read ? 'default' : 'processing'} text={read ? t('read') : t('unread')} />,
    },
    {
      title: t('columns.title'),
      dataIndex: 'title',
      render: (title: string, message) => (
        <>
          <Typography.Link strong={!message.read} onClick={() => void open(message)}>
            {title}
          </Typography.Link>
          {phone && (
            <div data-testid="message-meta">
              <Badge status={message.read ? 'default' : 'processing'} text={<Typography.Text type="secondary">{message.read ? t('read') : t('unread')}</Typography.Text>} />
              <Typography.Text type="secondary"> · </Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(message.createdAt)}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      responsive: ['sm'],
      render: (createdAt: string) => formatDateTime(createdAt),
    },
  ];

  return (
    <Card title={t('title')}>
      <Space wrap className="message-centre__toolbar">
        <Segmented<Filter>
          value={filter}
          options={[
            { value: 'all', label: t('filters.all') },
            { value: 'unread', label: t('filters.unread') },
          ]}
          onChange={(value) => {
            setFilter(value);
            setPageNo(1);
          }}
        />
        <Button onClick={() => void actions.readAll().then(changed, () => undefined)}>{t('readAll')}</Button>
        <Button disabled={selected.length === 0} onClick={() => void runBatch(actions.batchRead)}>
          {t('batchRead')}
        </Button>
        <CanAccess resource="message" action="delete">
          <Popconfirm title={t('deleteConfirm', { count: selected.length })} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => runBatch(actions.batchDelete)} disabled={selected.length === 0}>
            <Button danger disabled={selected.length === 0}>
              {t('batchDelete')}
            </Button>
          </Popconfirm>
        </CanAccess>
      </Space>
      <Table<Message>
        rowKey="id"
        size="middle"
        loading={data.loading}
        columns={columns}
        dataSource={data.records}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        pagination={{
          current: pageNo,
          pageSize,
          total: data.total,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
          onChange: (page, size) => {
            setPageNo(size === pageSize ? page : 1);
            setPageSize(size);
          },
        }}
        locale={{ emptyText: t('empty') }}
      />
      <Drawer title={detail?.title} open={detail !== null} onClose={() => setDetail(null)} width={phone ? '100%' : 480}>
        {detail && (
          <article>
            <Typography.Text type="secondary">{formatDateTime(detail.createdAt)}</Typography.Text>
            <Typography.Paragraph style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}>{detail.content}</Typography.Paragraph>
            {isInternalLink(detail.link) && <Link to={detail.link}>{t('openLink')}</Link>}
          </article>
        )}
      </Drawer>
    </Card>
  );
}
