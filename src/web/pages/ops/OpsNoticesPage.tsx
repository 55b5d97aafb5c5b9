import { CanAccess } from '@refinedev/core';
import { Button, Card, Popconfirm, Space, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_PAGE_SIZE } from '../../../shared/constants';
import { toast } from '../../providers/uiBridge';
import { useNoticeActions, useNotices, type ManagedNotice, type NoticeInput } from '../../system/ops';
import { NoticeForm } from './NoticeForm';
import { formatDateTime } from '../../resources/format';

/** /ops/notices: platform operations publish, edit and delete announcements for one or more platforms. */
export default function OpsNoticesPage() {
  const { t } = useTranslation('opsNotices');
  const [pageNo, setPageNo] = useState(1);
  const [form, setForm] = useState<{ open: boolean; editing: ManagedNotice | null }>({ open: false, editing: null });
  const data = useNotices(pageNo, NOTICE_PAGE_SIZE);
  const actions = useNoticeActions();

  const submit = async (input: NoticeInput) => {
    if (form.editing) await actions.update(form.editing.noticeId, input);
    else await actions.create(input);
    toast('success', t(form.editing ? 'saved' : 'published'));
  };

  const remove = async (notice: ManagedNotice) => {
    await actions.remove(notice.noticeId).then(() => toast('success', t('deleted')), () => undefined);
  };

  const columns: TableProps<ManagedNotice>['columns'] = [
    { title: t('fields.title'), dataIndex: 'noticeTitle' },
    {
      title: t('fields.platforms'),
      dataIndex: 'platforms',
      render: (platforms: string[]) => platforms.map((p) => <Tag key={p}>{p}</Tag>),
    },
    { title: t('fields.publishedAt'), dataIndex: 'publishedAt', width: 180, render: (at: string) => formatDateTime(at) },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 160,
      render: (_, notice) => (
        <Space>
          <CanAccess resource="opsNotices" action="edit">
            <Button type="link" size="small" onClick={() => setForm({ open: true, editing: notice })}>
              {t('edit')}
            </Button>
          </CanAccess>
          <CanAccess resource="opsNotices" action="delete">
            <Popconfirm title={t('deleteConfirm')} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => remove(notice)}>
              <Button type="link" size="small" danger>
                {t('delete')}
              </Button>
            </Popconfirm>
          </CanAccess>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <CanAccess resource="opsNotices" action="create">
          <Button type="primary" onClick={() => setForm({ open: true, editing: null })}>
            {t('create')}
          </Button>
        </CanAccess>
      }
    >
      <Table<ManagedNotice>
        rowKey="noticeId"
        loading={data.loading}
        columns={columns}
        dataSource={data.records}
        pagination={{ current: pageNo, pageSize: NOTICE_PAGE_SIZE, total: data.total, onChange: setPageNo, showSizeChanger: false }}
      />
      <NoticeForm open={form.open} editing={form.editing} onSubmit={submit} onClose={() => setForm({ open: false, editing: null })} />
    </Card>
  );
}
