import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { isMoney } from '../../../shared/formats';
import { yuanToFen } from '../../../shared/money';
import type { SlotProps } from '../../resources/slots';
import { displayMoney } from '../../resources/format';
import { useRequestHeadroom } from '../../system/requests';

const ref = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * Below the payment-request form: what the chosen contract or bill still leaves to request (the
 * server's rule, headroom.ts), and a warning when the amount typed is more. It only tells: the
 * amount typed stays as typed, and the server refuses it on submit.
 */
export default function RequestHeadroom({ data }: SlotProps['formSummary']) {
  const { t } = useTranslation('requests');
  const headroom = useRequestHeadroom({ contractId: ref(data.contractId), billId: ref(data.billId) });
  if (!headroom.data) return null;
  const amount = typeof data.amount === 'string' && isMoney(data.amount) ? yuanToFen(data.amount) : undefined;
  const over = amount !== undefined && amount > yuanToFen(headroom.data.available);
  return (
    <Alert
      className="request-headroom"
      data-testid="request-headroom"
      type={over ? 'warning' : 'info'}
      showIcon
      message={t(over ? 'headroom.over' : 'headroom.available', { available: displayMoney(headroom.data.available), title: headroom.data.contractTitle })}
    />
  );
}
