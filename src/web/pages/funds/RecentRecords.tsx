import { useList } from '@refinedev/core';
import { Button, Table } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ResourceDefinition, ResourceRecord } from '../../../shared/resources/types';
import { FieldValue } from '../../resources/FieldValue';
import { kindOf } from '../../resources/fieldKind';
import { useResourceText } from '../../resources/labels';
import { recordPath } from '../../refine/paths';
import { EmptyState, ErrorState } from '../../resources/states';

export const RECENT_PAGE_SIZE = 10;

interface Props {
  definition: ResourceDefinition;
  /** The generated list of the resource: "all" goes there, a row opens its show page. */
  listPath: string;
  /** The columns shown here, of the resource's list columns. */
  columns: string[];
}

/**
 * The account's latest records of one resource (its own scope, newest first), labelled and
 * formatted by the resource file like the generated list; filters, paging and export are on
 * that list, one click away.
 */
export function RecentRecords({ definition, listPath, columns }: Props) {
  const { t } = useTranslation('funds');
  const text = useResourceText(definition);
  const navigate = useNavigate();
  const { query, result } = useList<ResourceRecord>({
    resource: definition.name,
    pagination: { currentPage: 1, pageSize: RECENT_PAGE_SIZE, mode: 'server' },
    sorters: [{ field: 'createdAt', order: 'desc' }],
    meta: { silent: true },
    queryOptions: { retry: false },
  });

  const tableColumns: TableProps<ResourceRecord>['columns'] = [
    ...columns.map((field) => ({
      key: field,
      dataIndex: field,
      title: text.field(field),
      align: kindOf(definition, field) === 'money' ? ('right' as const) : undefined,
      render: (value: unknown) => <FieldValue definition={definition} field={field} value={value} text={text} />,
    })),
    {
      key: '_open',
      title: t('records.operations'),
      render: (_: unknown, record: ResourceRecord) => (
        <Button type="link" size="small" onClick={() => navigate(recordPath(listPath, 'show', record.id))}>
          {t('records.view')}
        </Button>
      ),
    },
  ];

  let emptyText;
  if (query.isError) emptyText = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else emptyText = <EmptyState description={t('records.empty')} />;

  return (
    <>
      <Table<ResourceRecord>
        rowKey="id"
        size="small"
        columns={tableColumns}
        dataSource={query.isError ? [] : result.data}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
      />
      <div className="funds-records__more">
        <Link to={listPath}>{t('records.all', { total: result.total ?? 0 })}</Link>
      </div>
    </>
  );
}
