import { FileDoneOutlined } from '@ant-design/icons';
import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayMoney, formatDateTime } from '../../resources/format';
import { receiptTitleKey } from '../receipts/receiptTitle';
import { useRequestPayments } from '../../system/requests';

/**
 * The payments of a payment request (/requestFunds/fundsDetail, payFunds), each with its
 * receipt: under a bill they are the bill's payments made for this request (bill settlement receipts), under
 * the contract alone the request's own (payment request receipts). Nothing shows while it is unpaid.
 */
export default function RequestPayments({ id, version, underBill }: { id: string; version?: number; underBill: boolean }) {
  const { t } = useTranslation(['requests', 'menu']);
  const query = useRequestPayments(id, version);
  if (!query.data?.length) return null;
  return (
    <Card title={t('requests:payments.title')} className="resource-show__receipts" data-testid="request-payments">
      <List
        size="small"
        dataSource={query.data}
        renderItem={(payment) => (
          <List.Item
            key={payment.transferId}
            actions={
              payment.receipt
                ? [
                    <Link key="open" to={payment.receipt} data-testid="request-receipt-link">
                      <FileDoneOutlined /> {t(receiptTitleKey('Solution', underBill ? 'billPayment' : 'requestPayment'))}
                    </Link>,
                  ]
                : []
            }
          >
            <List.Item.Meta title={t('requests:payments.payment')} description={formatDateTime(payment.time)} />
            <span>¥ {displayMoney(payment.amount)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
