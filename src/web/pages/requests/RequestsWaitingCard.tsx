import { useList, type CrudFilter } from '@refinedev/core';
import { Card, Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResourceRecord } from '../../../shared/resources/types';
import { consoleRoute } from '../../refine/resources';
import { displayMoney } from '../../resources/format';

const RESOURCE = 'paymentRequests';
export const WAITING_PAGE_SIZE = 5;

/** What the caller does next with a request it is listed for, and the page where it does it. */
const STEPS = {
  submit: { scope: 'payee', states: ['new'], route: 'fundsDetail' },
  confirm: { scope: 'payer', states: ['submitted'], route: 'confirmFunds' },
  pay: { scope: 'payer', states: ['confirmed', 'partiallyPaid'], route: 'payFunds' },
} as const;
type Step = keyof typeof STEPS;

const filtersOf = (scope: string, states: readonly string[]): CrudFilter[] => [
  { field: 'scope', operator: 'eq', value: scope },
  { field: 'state', operator: 'in', value: [...states] },
];

function useWaiting(scope: 'payee' | 'payer', states: readonly string[]) {
  const { query, result } = useList<ResourceRecord>({
    resource: RESOURCE,
    pagination: { currentPage: 1, pageSize: WAITING_PAGE_SIZE, mode: 'server' },
    filters: filtersOf(scope, states),
    sorters: [{ field: 'createdAt', order: 'desc' }],
    meta: { silent: true },
    queryOptions: { retry: false },
  });
  return { loading: query.isLoading, rows: query.isError ? [] : result.data };
}

const stepOf = (record: ResourceRecord, asPayer: boolean): Step => (!asPayer ? 'submit' : record.state === 'submitted' ? 'confirm' : 'pay');

/**
 * The jjsk home: the payment requests that wait for the caller (drafts to submit as payee; as
 * payer, requests to review and to pay), newest first, each opening the page of its next step.
 */
export default function RequestsWaitingCard() {
  const { t } = useTranslation(['requests']);
  const asPayee = useWaiting('payee', STEPS.submit.states);
  const asPayer = useWaiting('payer', [...STEPS.confirm.states, ...STEPS.pay.states]);
  const rows = [...asPayer.rows.map((r) => ({ record: r, step: stepOf(r, true) })), ...asPayee.rows.map((r) => ({ record: r, step: stepOf(r, false) }))]
    .sort((a, b) => String(b.record.createdAt).localeCompare(String(a.record.createdAt)))
    .slice(0, WAITING_PAGE_SIZE);
  const list = consoleRoute('requestFunds');
  return (
    <Card title={t('home.title')} extra={list && <Link to={list.path}>{t('home.all')}</Link>} data-testid="requests-waiting">
      {asPayee.loading || asPayer.loading ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.empty')} />
      ) : (
        <ul className="home-todos">
          {rows.map(({ record, step }) => {
            const route = consoleRoute(STEPS[step].route);
            const label = `${String(record.contractTitle ?? '')} · ${step === 'submit' ? String(record.payerName ?? '') : String(record.payeeName ?? '')} · ¥ ${displayMoney(step === 'pay' ? record.openAmount : record.amount)}`;
            return (
              <li key={record.id}>
                <Tag color={step === 'pay' ? 'orange' : step === 'confirm' ? 'blue' : 'default'}>{t(`home.next.${step}`)}</Tag>
                {route ? <Link to={`${route.path}?id=${encodeURIComponent(record.id)}`}>{label}</Link> : <span>{label}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
