import { useList } from '@refinedev/core';
import { Button, Card, Segmented, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TodoView } from '../../../shared/api';
import { SYSTEM } from '../../refine/systemData';
import { isInternalLink } from '../../navigation/redirects';
import { VARIANT } from '../../variant';
import { formatDateTime } from '../../resources/format';

const PAGE_SIZE = 10;
type Status = 'open' | 'done' | 'all';
const time = (iso: string | null) => (iso ? formatDateTime(iso) : '-');

/** /task: every todo of the account (open, done or all), each opening its business page. */
export default function TaskPage() {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  // POST /api/system/newTodo/todoList (the `todos` list of the system data provider).
  const { query: todos, result } = useList<TodoView>({
    resource: 'todos',
    dataProviderName: SYSTEM,
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    filters: [
      { field: 'businessType', operator: 'eq', value: VARIANT.todoBusinessType },
      { field: 'status', operator: 'eq', value: status },
    ],
  });

  const columns: TableProps<TodoView>['columns'] = [
    { key: 'title', title: t('columns.title'), dataIndex: 'title' },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'status',
      render: (value: TodoView['status']) => <Tag color={value === 'open' ? 'processing' : 'success'}>{t(`status.${value}`)}</Tag>,
    },
    { key: 'createdAt', title: t('columns.createdAt'), dataIndex: 'createdAt', render: time },
    { key: 'doneAt', title: t('columns.doneAt'), dataIndex: 'doneAt', render: time },
    {
      key: 'open',
      title: t('columns.actions'),
      render: (_, todo) =>
        todo.status === 'open' && isInternalLink(todo.link) ? (
          <Button type="link" onClick={() => navigate(todo.link!)}>
            {t('handle')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <Segmented<Status>
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={(['open', 'done', 'all'] as const).map((value) => ({ value, label: t(`filter.${value}`) }))}
        />
      }
    >
      <Table<TodoView>
        rowKey="id"
        columns={columns}
        dataSource={result.data}
        loading={todos.isLoading}
        locale={{ emptyText: t(`empty.${status}`) }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: result.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </Card>
  );
}
