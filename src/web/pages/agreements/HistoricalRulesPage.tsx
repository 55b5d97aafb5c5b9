import { Card, Collapse, Empty, Pagination, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistoricalRules } from '../../system/agreements';
import { DocumentView } from './DocumentView';

const PAGE_SIZE = 10;

/** /operator/historical: the settlement rules in force before, newest first, each printable. */
export default function HistoricalRulesPage() {
  const { t } = useTranslation('agreementPages');
  const [page, setPage] = useState(1);
  const { query: rules, result } = useHistoricalRules(page, PAGE_SIZE);
  const records = result.data;
  return (
    <Card title={t('historical.title')} loading={rules.isLoading}>
      {records.length === 0 ? (
        <Empty description={t('historical.empty')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Collapse
            items={records.map((doc) => ({
              key: doc.id,
              label: t('historical.item', { title: doc.title, date: doc.effectiveFrom }),
              children: <DocumentView document={doc} />,
            }))}
          />
          <Pagination current={page} pageSize={PAGE_SIZE} total={result.total ?? 0} onChange={setPage} hideOnSinglePage />
        </Space>
      )}
    </Card>
  );
}
