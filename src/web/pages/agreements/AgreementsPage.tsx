import { Button, Card, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgreementListItem } from '../../../shared/api';
import { useAgreement, useAgreementList } from '../../system/agreements';
import { DocumentView } from './DocumentView';
import { formatDateTime } from '../../resources/format';

const PAGE_SIZE = 10;

/** /operator/agreement: the service agreements the account accepted, each readable and printable. */
export default function AgreementsPage() {
  const { t } = useTranslation('agreementPages');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AgreementListItem | null>(null);
  const { query: list, result } = useAgreementList(page, PAGE_SIZE);
  const doc = useAgreement(open?.id ?? null);

  const columns: TableProps<AgreementListItem>['columns'] = [
    { key: 'title', title: t('columns.title'), dataIndex: 'title' },
    { key: 'version', title: t('version'), dataIndex: 'version' },
    { key: 'agreedBy', title: t('columns.agreedBy'), dataIndex: 'agreedBy' },
    { key: 'agreedAt', title: t('columns.agreedAt'), dataIndex: 'agreedAt', render: (at: string) => formatDateTime(at) },
    {
      key: 'view',
      title: t('columns.actions'),
      render: (_, row) => (
        <Button type="link" onClick={() => setOpen(row)} aria-label={t('viewOne', { title: row.title, version: row.version })}>
          {t('view')}
        </Button>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('accepted.title')} className="agreement-list">
        <Table<AgreementListItem>
          rowKey={(row) => `${row.id}@${row.agreedAt}@${row.agreedBy}`}
          columns={columns}
          dataSource={result.data}
          loading={list.isLoading}
          locale={{ emptyText: t('accepted.empty') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: result.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      </Card>
      {open && (
        <Card loading={doc.isLoading}>
          {doc.data && (
            <DocumentView
              document={doc.data}
              extra={[
                { label: t('columns.agreedBy'), value: open.agreedBy },
                { label: t('columns.agreedAt'), value: formatDateTime(open.agreedAt) },
              ]}
            />
          )}
        </Card>
      )}
    </Space>
  );
}
