import { EyeOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewCounterparty, PreviewParticipant } from '../../../shared/clearingPreview';
import { useClearingPreview } from '../../system/settlement';
import { displayMoney } from '../../resources/format';

const money = (value: string) => displayMoney(value);

/**
 * "What netting would do for me now" (issue 31 item 5), above the clearing runs: a dry run of a
 * clearing on the bills open now (GET /api/settlement/clearing-preview), asked for with a button,
 * nothing written. A participant sees its side by counterparty (owed, owing, cleared, settled,
 * left open); platform operations see every participant before they start a run.
 */
export default function ClearingPreview() {
  const { t } = useTranslation('settlement');
  const [asked, setAsked] = useState(0);
  const query = useClearingPreview(asked);
  const preview = query.data;
  const own = preview?.parties.length === 1 && preview.parties[0].counterparties.length > 0 ? preview.parties[0] : undefined;
  return (
    <Card size="small" title={t('preview.title')} data-testid="clearing-preview" className="resource-list__chart">
      <Typography.Paragraph type="secondary">{t('preview.hint')}</Typography.Paragraph>
      <Button icon={<EyeOutlined />} onClick={() => setAsked((n) => n + 1)} loading={query.isFetching} data-testid="clearing-preview-run">
        {asked ? t('preview.again') : t('preview.run')}
      </Button>
      {query.isError ? <Typography.Paragraph type="danger">{t('preview.failed')}</Typography.Paragraph> : null}
      {preview ? (
        <>
          <Descriptions size="small" column={5} style={{ marginTop: 12 }} data-testid="clearing-preview-totals">
            <Descriptions.Item label={t('preview.billsIn')}>{preview.billsIn}</Descriptions.Item>
            <Descriptions.Item label={t('preview.amountIn')}>{money(preview.amountIn)}</Descriptions.Item>
            <Descriptions.Item label={t('preview.amountCleared')}>{money(preview.amountCleared)}</Descriptions.Item>
            <Descriptions.Item label={t('preview.amountChained')}>{money(preview.amountChained)}</Descriptions.Item>
            <Descriptions.Item label={t('preview.amountSettled')}>{money(preview.amountSettled)}</Descriptions.Item>
          </Descriptions>
          {own ? <Mine party={own} /> : <Everyone parties={preview.parties} />}
        </>
      ) : null}
    </Card>
  );
}

/** A participant's own side, by counterparty. */
function Mine({ party }: { party: PreviewParticipant }) {
  const { t } = useTranslation('settlement');
  return (
    <>
      <Typography.Paragraph data-testid="clearing-preview-mine">
        {t('preview.mine', { cleared: party.cleared, net: party.netPosition, settled: party.settled })}
        {party.unsettledReason ? <Tag color="warning">{t(`preview.reason.${party.unsettledReason}`, { amount: party.unsettled })}</Tag> : null}
      </Typography.Paragraph>
      <Table<PreviewCounterparty>
        size="small"
        rowKey="accountId"
        pagination={false}
        dataSource={party.counterparties}
        columns={[
          { title: t('preview.counterparty'), dataIndex: 'name' },
          { title: t('preview.payable'), dataIndex: 'payable', align: 'right', render: money },
          { title: t('preview.receivable'), dataIndex: 'receivable', align: 'right', render: money },
          { title: t('preview.cleared'), dataIndex: 'cleared', align: 'right', render: money },
          { title: t('preview.settled'), dataIndex: 'settled', align: 'right', render: money },
          { title: t('preview.remaining'), dataIndex: 'remaining', align: 'right', render: money },
        ]}
      />
    </>
  );
}

/** Every participant (platform operations), or nothing to clear. */
function Everyone({ parties }: { parties: PreviewParticipant[] }) {
  const { t } = useTranslation('settlement');
  if (!parties.length) return <Typography.Paragraph data-testid="clearing-preview-empty">{t('preview.empty')}</Typography.Paragraph>;
  return (
    <Table<PreviewParticipant>
      size="small"
      rowKey="accountId"
      pagination={false}
      dataSource={parties}
      columns={[
        { title: t('preview.participant'), dataIndex: 'name' },
        { title: t('preview.payable'), dataIndex: 'payable', align: 'right', render: money },
        { title: t('preview.receivable'), dataIndex: 'receivable', align: 'right', render: money },
        { title: t('preview.cleared'), dataIndex: 'cleared', align: 'right', render: money },
        { title: t('preview.net'), dataIndex: 'netPosition', align: 'right', render: money },
        { title: t('preview.settledNet'), dataIndex: 'settled', align: 'right', render: money },
        {
          title: t('preview.unsettled'),
          dataIndex: 'unsettled',
          align: 'right',
          render: (value: string, row) => (row.unsettledReason ? `${money(value)} · ${t(`preview.reasonShort.${row.unsettledReason}`)}` : money(value)),
        },
      ]}
    />
  );
}
