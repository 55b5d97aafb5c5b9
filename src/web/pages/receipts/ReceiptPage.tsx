import { PrinterOutlined } from '@ant-design/icons';
import { Button, QRCode, Result, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH, type ResolvedRoute } from '../../../shared/menu';
import type { AnyReceiptView, ReceiptParty, RunReceiptPart } from '../../../shared/receipts';
import { usePageTitle } from '../../hooks/usePageTitle';
import { HttpError } from '../../providers/httpError';
import { displayMoney, formatDateTime } from '../../resources/format';
import { ErrorState, LoadingState } from '../../resources/states';
import { useReceipt } from '../../system/receipts';
import { receiptTitleKey } from './receiptTitle';
import './receipt.css';

/** One row of the receipt's table. */
function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId}>{children}</td>
    </tr>
  );
}

/** Interconnectedsingle: the participant's net position, its settlement and each of its bills in the run. */
function RunRows({ run }: { run: RunReceiptPart }) {
  const { t } = useTranslation('receipts');
  return (
    <>
      <Row label={t('page.runNet')} testId="receipt-run-net">
        ¥ {displayMoney(run.netPosition)}
      </Row>
      <Row label={t('page.runSettled')} testId="receipt-run-settled">
        ¥ {displayMoney(run.settled)}
      </Row>
      {run.unsettledReason ? (
        <Row label={t('page.runUnsettled')} testId="receipt-run-unsettled">
          ¥ {displayMoney(run.unsettled)} ({t(`page.reason.${run.unsettledReason}`)})
        </Row>
      ) : null}
      <Row label={t('page.runBills')} testId="receipt-run-bills">
        {run.bills.length ? (
          <ul className="receipt__lines">
            {run.bills.map((bill) => (
              <li key={bill.billId}>
                {t('page.runBillValue', { title: bill.title, payer: bill.payer, payee: bill.payee, open: displayMoney(bill.open), cleared: displayMoney(bill.cleared), settled: displayMoney(bill.settled) })}
              </li>
            ))}
          </ul>
        ) : (
          t('page.runNoBills')
        )}
      </Row>
    </>
  );
}

/** The printed receipt: one layout for every template, the title and the party labels per template. */
export function ReceiptSheet({ receipt, title }: { receipt: AnyReceiptView; title: string }) {
  const { t } = useTranslation('receipts');
  const tpl = (key: 'payer' | 'payee' | 'note') => t(`templates.${receipt.template}.${key}`);
  // A bank account shows its bank and masked number; an account or the platform, its name.
  const partyText = (party: ReceiptParty) => (party.kind === 'bank' && party.detail ? t('page.bankParty', { name: party.name, detail: party.detail }) : party.name);
  const ref = receipt.reference;
  // A delay moves no money: its figures are the bill's open amount when the delay was granted.
  const delayed = 'delay' in receipt;
  const referenceText =
    ref.resource === 'contracts'
      ? t('page.referenceContract', { title: ref.title ?? '', number: ref.number })
      : ref.resource === 'bills'
        ? t('page.referenceBill', { title: ref.title ?? '', number: ref.number })
        : ref.resource === 'paymentRequests'
          ? t('page.referenceRequest', { title: ref.title ?? '', number: ref.number })
          : ref.resource === 'clearingRuns'
            ? t('page.referenceRun', { number: ref.number })
            : t('page.referenceWithdrawal', { number: ref.number });
  return (
    <article className="receipt" data-template={receipt.template}>
      <header className="receipt__head">
        <div className="receipt__issuer">{t('page.issuer')}</div>
        <h1 className="receipt__title">{title}</h1>
        <div className="receipt__number">
          {t('page.number')}: <span data-testid="receipt-number">{receipt.number}</span>
        </div>
      </header>
      <table className="receipt__table">
        <tbody>
          <Row label={tpl('payer')} testId="receipt-payer">
            {partyText(receipt.payer)}
          </Row>
          <Row label={tpl('payee')} testId="receipt-payee">
            {partyText(receipt.payee)}
          </Row>
          <Row label={delayed ? t('page.openAmount') : t('page.amount')} testId="receipt-amount">
            <strong>¥ {displayMoney(receipt.amount)}</strong>
          </Row>
          <Row label={delayed ? t('page.openCapitals') : t('page.capitals')} testId="receipt-capitals">
            {t('page.capitalsValue', { capitals: receipt.capitals })}
          </Row>
          <Row label={t('page.time')} testId="receipt-time">
            {formatDateTime(receipt.time)}
          </Row>
          <Row label={t('page.reference')} testId="receipt-reference">
            {referenceText}
            <Link className="receipt__ref-link no-print" to={ref.path}>
              {t('page.openReference')}
            </Link>
          </Row>
          {'delay' in receipt && (
            <>
              <Row label={t('page.fromDay')} testId="receipt-from-day">
                {receipt.delay.fromDay}
              </Row>
              <Row label={t('page.toDay')} testId="receipt-to-day">
                {receipt.delay.toDay}
              </Row>
              <Row label={t('page.delayReason')} testId="receipt-reason">
                {receipt.delay.reason}
              </Row>
            </>
          )}
          {'lines' in receipt && receipt.lines?.length ? (
            <Row label={t('page.lines')} testId="receipt-lines">
              <ul className="receipt__lines">
                {receipt.lines.map((line) => (
                  <li key={line.billId}>{t('page.lineValue', { title: line.title, payee: line.payee, amount: displayMoney(line.amount) })}</li>
                ))}
              </ul>
            </Row>
          ) : null}
          {'chain' in receipt && receipt.chain ? (
            <Row label={t('page.chain')} testId="receipt-chain">
              <div>{t('page.chainRoot', { id: receipt.chain.rootBillId })}</div>
              <ol className="receipt__lines">
                {receipt.chain.links.map((link) => (
                  <li key={link.billId}>{t('page.chainValue', { holder: link.holder, amount: link.amount, time: formatDateTime(link.at) })}</li>
                ))}
              </ol>
            </Row>
          ) : null}
          {receipt.run ? <RunRows run={receipt.run} /> : null}
          <Row label={t('page.status')} testId="receipt-status">
            <Tag>{t(`status.${receipt.status}`)}</Tag>
          </Row>
        </tbody>
      </table>
      <p className="receipt__note">{receipt.kind === 'requestPayment' ? t('page.noteRequest') : tpl('note')}</p>
      <footer className="receipt__verify">
        <QRCode value={receipt.verifyUrl} size={112} bordered={false} type="svg" aria-label={t('page.verify')} />
        <div>
          <div className="receipt__verify-label">{t('page.verify')}</div>
          <div>{t('page.verifyHint')}</div>
          <a className="receipt__verify-url" href={receipt.verifyUrl} data-testid="receipt-verify-url">
            {receipt.verifyUrl}
          </a>
        </div>
      </footer>
    </article>
  );
}

/**
 * A printable receipt (/<Template>?id=<transferId>, blank layout): GET /api/receipts/:id of the
 * route's template. The print button and links are not printed (receipt.css), nor is any console
 * chrome (the blank layout has none).
 */
export default function ReceiptPage({ route, template }: { route: ResolvedRoute; template: string }) {
  const { t } = useTranslation(['receipts', 'menu']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useReceipt(id, template);
  // The route names the template; the receipt, once read, may be a payment request's (receiptTitle.ts).
  const titleKey = query.data ? receiptTitleKey(template, query.data.kind) : `menu:${route.titleKey}`;
  usePageTitle(titleKey);
  const title = t(titleKey);
  const home = (
    <Button key="home" type="primary" onClick={() => navigate(HOME_PATH)}>
      {t('receipts:page.toHome')}
    </Button>
  );
  // No receipt to show: the page still says which receipt it is, and why there is none.
  const state = (content: ReactNode) => (
    <div className="receipt-page">
      <h1 className="receipt-page__title">{title}</h1>
      {content}
    </div>
  );
  if (!id) return state(<Result status="warning" title={t('receipts:page.missingId')} extra={home} />);
  if (query.isPending) return state(<LoadingState rows={8} />);
  if (query.isError) {
    if (query.error instanceof HttpError && query.error.code === 404)
      return state(<Result status="404" title={t('receipts:page.notFound')} subTitle={t('receipts:page.notFoundHint')} extra={home} />);
    return state(<ErrorState error={query.error} onRetry={() => void query.refetch()} />);
  }
  return (
    <div className="receipt-page">
      <Space className="receipt-page__actions no-print">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('receipts:page.print')}
        </Button>
      </Space>
      <ReceiptSheet receipt={query.data} title={title} />
    </div>
  );
}
