import { Button, Card, Descriptions, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResourceRecord } from '../../../shared/resources/types';
import { useRecord } from '../../refine/recordCache';
import { useResourceDefinition } from '../../resources/definitions';
import { FieldValue } from '../../resources/FieldValue';
import { useResourceText } from '../../resources/labels';
import { referencePath } from '../../refine/reference';
import { ErrorState, LoadingState } from '../../resources/states';
import { isInternalLink } from '../../navigation/redirects';
import type { PageProps } from '../registry';
import { consolePath } from '../../../shared/consolePaths';


/**
 * /outgoing/resultsPage?resource=&id=&action=&from=: the result step after publishing or
 * accepting an offer (actions declared with `result`). It says what happened, shows the record
 * as the server has it now, and offers the next steps: the offer and its list after publishing;
 * the contract to sign and its text after accepting.
 */
export default function ActionResultPage(_: PageProps) {
  const { t } = useTranslation('trading');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resource = params.get('resource') ?? '';
  const id = params.get('id') ?? '';
  const action = params.get('action') === 'accept' ? 'accept' : 'publish';
  const fromParam = params.get('from');
  const from = isInternalLink(fromParam) ? fromParam : undefined;
  const { definition, isPending: definitionPending } = useResourceDefinition(resource);
  // The record as the action's answer left it in refine's cache: not read again.
  const record = useRecord<ResourceRecord>(resource, id, { enabled: Boolean(resource) });
  const contractId = typeof record.data?.contractId === 'string' ? record.data.contractId : undefined;
  const contract = useRecord<ResourceRecord>('contracts', contractId);
  const text = useResourceText(definition ?? { name: resource, labels: { 'zh-CN': { title: '', fields: {} }, 'en-US': { title: '', fields: {} } } });

  if (!resource || !id) return <Result status="warning" title={t('result.missing')} extra={<Button onClick={() => navigate(consolePath('outgoing'))}>{t('result.toOffers')}</Button>} />;
  if (definitionPending || record.isPending) return <LoadingState rows={6} />;
  if (record.isError || !definition) return <ErrorState error={record.error} onRetry={() => void record.refetch()} />;

  const offer = record.data;
  const named = typeof offer.counterpartyName === 'string' && offer.counterpartyName ? offer.counterpartyName : undefined;
  // The contract on the caller's side (details, supplyDetails or chainDetails) and its text.
  const paths = contract.data
    ? { show: referencePath('contracts', contract.data.id, contract.data), document: referencePath('contracts', contract.data.id, contract.data, 'document') }
    : {};
  const offerPath = referencePath(resource, offer.id, offer);

  const steps =
    action === 'publish'
      ? [
          offerPath && (
            <Button key="offer" type="primary" onClick={() => navigate(offerPath)}>
              {t('result.viewOffer')}
            </Button>
          ),
          from && (
            <Button key="list" onClick={() => navigate(from)}>
              {t('result.backToList')}
            </Button>
          ),
        ]
      : [
          paths.show && (
            <Button key="contract" type="primary" onClick={() => navigate(paths.show!)}>
              {t('result.signContract')}
            </Button>
          ),
          paths.document && (
            <Button key="document" onClick={() => navigate(paths.document!)}>
              {t('result.contractText')}
            </Button>
          ),
          from && (
            <Button key="market" onClick={() => navigate(`${from}?scope=market`)}>
              {t('result.backToMarket')}
            </Button>
          ),
        ];

  const detail =
    action === 'publish'
      ? named
        ? t('result.publish.named', { name: named })
        : definition.requiresService === 'mutual'
          ? t('result.publish.mutualMarket')
          : t('result.publish.market')
      : t('result.accept.detail');

  return (
    <Card className="action-result-page">
      <Result
        status={offer.state === (action === 'publish' ? 'published' : 'accepted') ? 'success' : 'info'}
        title={t(`result.${action}.title`, { resource: text.title })}
        subTitle={detail}
        extra={<Space wrap>{steps}</Space>}
      >
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'title', label: text.field('title'), children: String(offer.title ?? '') },
            ...['side', 'amount', 'validUntil']
              .filter((field) => offer[field] !== undefined && definition.record.properties[field])
              .map((field) => ({ key: field, label: text.field(field), children: <FieldValue definition={definition} field={field} value={offer[field]} text={text} /> })),
            { key: 'state', label: text.field('state'), children: <FieldValue definition={definition} field="state" value={offer.state} text={text} /> },
          ]}
        />
      </Result>
    </Card>
  );
}
