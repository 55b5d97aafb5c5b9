import { Button, Card, Descriptions, Result, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { RecordReceipt } from '../../../shared/receipts';
import type { ResourceRecord } from '../../../shared/resources/types';
import { useRecord } from '../../refine/recordCache';
import { consoleRoute } from '../../refine/resources';
import { useResourceDefinition } from '../../resources/definitions';
import { displayMoney } from '../../resources/format';
import { referencePath } from '../../refine/reference';
import { ErrorState, LoadingState } from '../../resources/states';
import type { PageProps } from '../registry';
import { useReceipt, useRecordReceipts } from '../../system/receipts';
import { consolePath } from '../../../shared/consolePaths';

/**
 * /contract/paymentStatus?resource=contracts&id=&action=payCollateral&from= (SPEC §2 "payment
 * success"): the result step the console opens after the buyer pays a contract's collateral
 * (the action's `result` names this route in schemas/resources/contracts.json). It shows the
 * amount, the contract's number, where the money is (escrow) and links to the payment receipt
 * (Chainpayment) and back to the contract.
 */
export default function PaymentStatusPage(_: PageProps) {
  const { t } = useTranslation('receipts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // Which states mean "paid" is declared with the state machine (contracts.json states.paid).
  const { definition, isPending: definitionPending } = useResourceDefinition('contracts');
  // The contract as the payment's answer left it in refine's cache: not read again.
  const contract = useRecord<ResourceRecord>('contracts', id);
  const receipts = useRecordReceipts('contracts', id, 'paymentStatus');
  const paid = receipts.data?.find((receipt): receipt is RecordReceipt => receipt.kind === 'collateral' && 'transferId' in receipt);
  const receipt = useReceipt(paid?.transferId, paid?.template);

  const toList = () => navigate(consoleRoute('contractbuy')?.path ?? consolePath('contract'));
  if (!id)
    return (
      <Result status="warning" title={t('paymentStatus.missing')} extra={<Button onClick={toList}>{t('paymentStatus.toContracts')}</Button>} />
    );
  if (contract.isPending || definitionPending || receipts.isPending || (paid && receipt.isPending)) return <LoadingState rows={6} />;
  if (contract.isError) return <ErrorState error={contract.error} onRetry={() => void contract.refetch()} />;

  const record = contract.data;
  // The contract's page for the payer, as its lists open it (chainDetails for a mutual-promise one).
  const contractPath = referencePath('contracts', record.id, record) ?? consolePath('contract');
  const isPaid = (definition?.states?.paid ?? []).includes(record.state ?? '');
  const amount = typeof record.collateralAmount === 'string' ? record.collateralAmount : '0.00';
  const status = receipt.data?.status;

  return (
    <Card className="payment-status-page">
      <Result
        status={isPaid ? 'success' : 'warning'}
        title={isPaid ? t('paymentStatus.title') : t('paymentStatus.notPaid')}
        subTitle={isPaid ? t('paymentStatus.subTitle', { amount: displayMoney(amount) }) : undefined}
        extra={
          <Space wrap>
            {paid && (
              <Button type="primary" onClick={() => navigate(paid.path)}>
                {t('paymentStatus.receipt')}
              </Button>
            )}
            <Button onClick={() => navigate(contractPath)}>{t('paymentStatus.backToContract')}</Button>
          </Space>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'contract', label: t('paymentStatus.contract'), children: String(record.title ?? '') },
            { key: 'number', label: t('paymentStatus.contractNumber'), children: record.id },
            { key: 'amount', label: t('paymentStatus.amount'), children: <span data-testid="payment-amount">{displayMoney(amount)}</span> },
            ...(status ? [{ key: 'escrow', label: t('paymentStatus.escrow'), children: <Tag color={status === 'inEscrow' ? 'blue' : 'green'}>{t(`status.${status}`)}</Tag> }] : []),
          ]}
        />
      </Result>
    </Card>
  );
}
