import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Table, Tabs, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../resources/format';
import { ErrorState } from '../../resources/states';
import type { ReviewRecord, ReviewStatus } from '../../system/authentication';
import type { PageProps } from '../registry';
import { ReviewDrawer } from './authentication/ReviewDrawer';
import { useRefreshReviews, useReviewQueue } from '../../system/opsAuthentication';

const TABS: ReviewStatus[] = ['submitted', 'approved', 'rejected'];
const PAGE_SIZE = 10;
const QUEUE_POLL_MS = 60_000;

/**
 * /ops/authentication: platform operations review enterprise and personal authentications. A
 * queue per status (to review first), newest first, and a drawer with the whole submission to
 * approve or reject with a reason.
 */
export default function OpsAuthenticationPage(_props: PageProps) {
  const { t } = useTranslation('authentication');
  const [status, setStatus] = useState<ReviewStatus>('submitted');
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: PAGE_SIZE });
  const [opened, setOpened] = useState<ReviewRecord | null>(null);
  // New submissions arrive while the queue stays open.
  const { query: queue, records, total } = useReviewQueue(status, paging, status === 'submitted' ? QUEUE_POLL_MS : false);
  const reload = useRefreshReviews();
  const time = (value: string | null) => (value ? formatDateTime(value) : '-');

  const columns: TableProps<ReviewRecord>['columns'] = [
    { title: t('ops.columns.accountName'), dataIndex: 'accountName', ellipsis: true },
    { title: t('ops.columns.name'), dataIndex: 'name', ellipsis: true },
    { title: t('ops.columns.kind'), dataIndex: 'kind', width: 140, render: (kind: ReviewRecord['kind']) => <Tag color={kind === 'enterprise' ? 'blue' : 'cyan'}>{t(`kind.${kind}`)}</Tag> },
    { title: t('ops.columns.submittedAt'), dataIndex: 'submittedAt', width: 170, render: time },
    ...(status === 'submitted'
      ? []
      : [{ title: t('ops.columns.reviewedAt'), dataIndex: 'reviewedAt', width: 170, render: time } as const]),
    ...(status === 'rejected'
      ? [{ title: t('ops.columns.reason'), dataIndex: 'reason', ellipsis: true, render: (reason: string | null) => <Typography.Text type="danger">{reason}</Typography.Text> }]
      : []),
    {
      title: t('ops.columns.actions'),
      key: 'actions',
      width: 100,
      render: (_, record) => (
        <Button type="link" size="small" onClick={() => setOpened(record)}>
          {record.status === 'submitted' ? t('ops.review') : t('ops.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      className="ops-authentication"
      title={t('ops.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={reload} loading={queue.isFetching && !queue.isPending}>
          {t('ops.refresh')}
        </Button>
      }
    >
      <Tabs
        activeKey={status}
        onChange={(key) => {
          setStatus(key as ReviewStatus);
          setPaging((current) => ({ ...current, pageNo: 1 }));
        }}
        items={TABS.map((key) => ({ key, label: t(`ops.tabs.${key}`) }))}
      />
      {queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <Table<ReviewRecord>
          rowKey="id"
          loading={queue.isPending || (queue.isFetching && queue.isPlaceholderData)}
          columns={columns}
          dataSource={records}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`ops.empty.${status}`)} /> }}
          onRow={(record) => ({ onDoubleClick: () => setOpened(record) })}
          pagination={{
            current: paging.pageNo,
            pageSize: paging.pageSize,
            total,
            showSizeChanger: true,
            showTotal: (total) => t('ops.total', { total }),
            onChange: (pageNo, pageSize) => setPaging({ pageNo: pageSize === paging.pageSize ? pageNo : 1, pageSize }),
          }}
        />
      )}
      <ReviewDrawer record={opened} onClose={() => setOpened(null)} onChanged={reload} />
    </Card>
  );
}
