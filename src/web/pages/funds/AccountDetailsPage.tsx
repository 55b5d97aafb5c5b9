import { Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResourceDefinitions } from '../../resources/definitions';
import { useRuntimeResourceRoutes } from '../../resources/useRuntimeResourceRoutes';
import { resourceListPath } from '../../refine/reference';
import { HttpError } from '../../providers/httpError';
import { ErrorState, LoadingState } from '../../resources/states';
import type { PageProps } from '../registry';
import { RecentRecords } from './RecentRecords';
import { useCallerAbility } from '../../session/ability';
import { WalletCard } from './WalletCard';

const FORBIDDEN = new HttpError({ code: 403, msg: '', data: null });

/**
 * The money records of the account shown below its balances, each the latest records of a
 * resource with a link to its full generated list (filters, export). First the ledger flows
 * (schemas/resources/accountFlows.json: every movement of the wallet, each linking to its
 * business record and receipt), then the deposits and withdrawals it declared.
 */
const RECORD_TABS = [
  { key: 'flows', resource: 'accountFlows', columns: ['createdAt', 'kind', 'direction', 'amount', 'state', 'business', 'receipt'] },
  { key: 'deposits', resource: 'deposits', columns: ['amount', 'reference', 'transferDate', 'state', 'createdAt'] },
  { key: 'withdrawals', resource: 'withdrawals', columns: ['amount', 'bankAccount', 'state', 'createdAt'] },
];

/** /payment/RecordTabs, account details: the balances, then the account's flows, deposits and withdrawals. */
export default function AccountDetailsPage(_props: PageProps) {
  const { t } = useTranslation('funds');
  const definitions = useResourceDefinitions();
  const runtimeRoutes = useRuntimeResourceRoutes().routes;
  // The route is a payment page (form, settlement); its content is the account's money (funds).
  const seesFunds = useCallerAbility().can('query', 'funds');
  // A resource the role may not query is not in the server's list: its tab is left out. Each
  // links to the resource's whole list, wherever menu.json or its resource file puts it.
  const tabs = RECORD_TABS.flatMap((tab) => {
    const definition = definitions.data?.find((d) => d.name === tab.resource);
    const listPath = resourceListPath(tab.resource, runtimeRoutes);
    return definition && listPath ? [{ ...tab, definition, listPath }] : [];
  });

  if (!seesFunds) return <ErrorState error={FORBIDDEN} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="funds-details">
      <WalletCard />
      <Card title={t('records.title')}>
        {definitions.isPending ? (
          <LoadingState rows={4} />
        ) : (
          <Tabs
            items={tabs.map((tab) => ({
              key: tab.key,
              label: t(`records.tabs.${tab.key}`),
              children: <RecentRecords definition={tab.definition} listPath={tab.listPath} columns={tab.columns} />,
            }))}
          />
        )}
      </Card>
    </Space>
  );
}
