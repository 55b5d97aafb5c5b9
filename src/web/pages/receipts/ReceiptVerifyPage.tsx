import { Button, Card, Descriptions, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../hooks/usePageTitle';
import { HttpError } from '../../providers/httpError';
import { displayMoney, formatDateTime } from '../../resources/format';
import { ErrorState, LoadingState } from '../../resources/states';
import type { PublicReceiptView } from '../../../shared/receipts';
import type { PageProps } from '../registry';
import { verifyReceipt } from '../../providers/publicApi';
import { receiptTitleKey } from './receiptTitle';
import './receipt.css';

/**
 * /receipt/verify?id=<transferId>&template= (public, blank layout): anyone holding a receipt's
 * link or QR code checks it against the server. It shows whether the receipt is genuine and only
 * what the receipt itself prints (GET /api/public/receipts/:id). A public page outside the
 * console frame (no refine, no query client): it fetches once per id.
 */
export default function ReceiptVerifyPage({ route }: PageProps) {
  const { t } = useTranslation(['receipts', 'menu']);
  usePageTitle(`menu:${route.titleKey}`);
  const [params] = useSearchParams();
  const id = params.get('id');
  const template = params.get('template');
  const [answer, setAnswer] = useState<{ key: string; data?: PublicReceiptView; error?: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${id ?? ''}|${template ?? ''}|${attempt}`;
  useEffect(() => {
    if (!id) return;
    let live = true;
    verifyReceipt(id, template).then(
      (data) => live && setAnswer({ key, data }),
      (error: unknown) => live && setAnswer({ key, error }),
    );
    return () => {
      live = false;
    };
  }, [id, template, key]);

  let body;
  if (!id) body = <Result status="warning" title={t('receipts:verify.missingId')} />;
  else if (!answer || answer.key !== key) body = <LoadingState rows={6} />;
  else if (!answer.data)
    body =
      answer.error instanceof HttpError && answer.error.code === 404 ? (
        <Result status="error" title={t('receipts:verify.notGenuine')} subTitle={t('receipts:verify.notGenuineHint')} />
      ) : (
        <ErrorState error={answer.error} extra={<Button onClick={() => setAttempt((n) => n + 1)}>{t('receipts:verify.retry')}</Button>} />
      );
  else {
    const r = answer.data;
    body = (
      <Result status="success" title={t('receipts:verify.genuine')} subTitle={t('receipts:verify.genuineHint')}>
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'template', label: t('receipts:verify.template'), children: t(receiptTitleKey(r.template, r.kind)) },
            { key: 'number', label: t('receipts:page.number'), children: r.number },
            { key: 'payer', label: t('receipts:page.payer'), children: r.payer },
            { key: 'payee', label: t('receipts:page.payee'), children: r.payee },
            { key: 'amount', label: t('receipts:page.amount'), children: `¥ ${displayMoney(r.amount)}` },
            { key: 'capitals', label: t('receipts:page.capitals'), children: t('receipts:page.capitalsValue', { capitals: r.capitals }) },
            { key: 'time', label: t('receipts:page.time'), children: formatDateTime(r.time) },
            ...(r.delay
              ? [
                  { key: 'fromDay', label: t('receipts:page.fromDay'), children: r.delay.fromDay },
                  { key: 'toDay', label: t('receipts:page.toDay'), children: r.delay.toDay },
                  { key: 'reason', label: t('receipts:page.delayReason'), children: r.delay.reason },
                ]
              : []),
          ]}
        />
      </Result>
    );
  }
  return (
    <Card className="receipt-verify" title={t('receipts:verify.title')}>
      {body}
    </Card>
  );
}
