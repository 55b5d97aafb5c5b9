import { FileDoneOutlined } from '@ant-design/icons';
import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayMoney, formatDateTime } from '../../resources/format';
import { useRecordReceipts } from '../../system/receipts';

/**
 * The receipts of a record's money steps (GET /api/receipts?resource=&id=), each linking to its
 * printable page (/<Template>?id=<transferId>, a delay's /CollectionDelay?id=<eventId>). Shown by the generated show page of a resource
 * whose file declares money actions; nothing shows while a record has moved no money.
 */
export default function RecordReceipts({ resource, id, version }: { resource: string; id: string; version?: number }) {
  const { t } = useTranslation(['receipts', 'menu']);
  // Keyed by the record's version: a money action that moved the record adds its receipt.
  const query = useRecordReceipts(resource, id, String(version ?? ''));
  if (!query.data?.length) return null;
  return (
    <Card title={t('receipts:list.title')} className="resource-show__receipts" data-testid="record-receipts">
      <List
        size="small"
        dataSource={query.data}
        renderItem={(receipt) => (
          <List.Item
            key={receipt.path}
            actions={[
              <Link key="open" to={receipt.path} data-testid={`receipt-link-${receipt.template}`}>
                <FileDoneOutlined /> {t(`menu:routes.${receipt.template}`)}
              </Link>,
            ]}
          >
            <List.Item.Meta title={t(`receipts:list.kinds.${receipt.kind}`)} description={formatDateTime(receipt.time)} />
            <span>¥ {displayMoney(receipt.amount)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
