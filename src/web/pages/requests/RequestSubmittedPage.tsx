import { Button, Card, Descriptions, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResourceRecord } from '../../../shared/resources/types';
import { useRecord } from '../../refine/recordCache';
import { consoleRoute } from '../../refine/resources';
import { useResourceDefinition } from '../../resources/definitions';
import { FieldValue } from '../../resources/FieldValue';
import { useResourceText } from '../../resources/labels';
import { ErrorState, LoadingState } from '../../resources/states';
import type { PageProps } from '../registry';

const RESOURCE = 'paymentRequests';
const FIELDS = ['contractTitle', 'payerName', 'amount', 'dueDay', 'state'];

/**
 * /requestFunds/submitFunds?id=: the result step after a payee submits a payment request (its
 * action `submit` declares `result: submitFunds`). Says who reviews it next, shows the request as
 * the server has it, and offers the request, the list and a new request.
 */
export default function RequestSubmittedPage(_: PageProps) {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { definition, isPending: definitionPending } = useResourceDefinition(RESOURCE);
  const record = useRecord<ResourceRecord>(RESOURCE, id, { enabled: Boolean(id) });
  const text = useResourceText(definition ?? { name: RESOURCE, labels: { 'zh-CN': { title: '', fields: {} }, 'en-US': { title: '', fields: {} } } });
  const path = (key: string, withId = false) => {
    const route = consoleRoute(key);
    return route ? `${route.path}${withId ? `?id=${encodeURIComponent(id)}` : ''}` : undefined;
  };
  const open = (to: string | undefined) => to && navigate(to);

  if (!id) return <Result status="warning" title={t('submitted.missing')} extra={<Button onClick={() => open(path('requestFunds'))}>{t('submitted.backToList')}</Button>} />;
  if (definitionPending || record.isPending) return <LoadingState rows={6} />;
  if (record.isError || !definition) return <ErrorState error={record.error} onRetry={() => void record.refetch()} />;

  const request = record.data;
  const submitted = request.state !== 'new' && request.state !== 'cancelled';
  return (
    <Card className="action-result-page">
      <Result
        status={submitted ? 'success' : 'info'}
        title={submitted ? t('submitted.title') : t('submitted.notYet')}
        subTitle={submitted ? t('submitted.detail', { payer: String(request.payerName ?? '') }) : undefined}
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => open(path('fundsDetail', true))}>
              {t('submitted.view')}
            </Button>
            <Button onClick={() => open(path('requestFunds'))}>{t('submitted.backToList')}</Button>
            <Button onClick={() => open(path('newFunds'))}>{t('submitted.another')}</Button>
          </Space>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={1}
          items={FIELDS.map((field) => ({ key: field, label: text.field(field), children: <FieldValue definition={definition} field={field} value={request[field]} text={text} /> }))}
        />
      </Result>
    </Card>
  );
}
