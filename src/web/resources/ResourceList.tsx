import { CreateButton, List } from '@refinedev/antd';
import { CanAccess } from '@refinedev/core';
import { Button, Card, Segmented, Space, Typography } from 'antd';
import { Suspense, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { LiveMark } from '../live/LiveMark';
import { ApprovalButton, ApprovalNotice, useApprovalGate } from './approval';
import type { BulkAnswer } from '../../shared/resources/bulk';
import { BulkBar, BulkResults, type ListSelection } from './BulkBar';
import { ColumnSettings } from './ColumnSettings';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { ImportButton } from './import/ImportButton';
import { useResourceText } from './labels';
import { ListTable } from './ListTable';
import type { ListState } from './listQuery';
import { createPath, recordPath } from '../refine/paths';
import { ServiceNotice, useServiceGate } from './service';
import { Slot, useSlotApplies } from './slots';
import { EmptyState, ErrorState, LoadingState } from './states';
import { useResourceList } from './useResourceList';
import { ViewsMenu } from './ViewsMenu';
import './list.css';

interface Props {
  definition: ResourceDefinition;
  basePath: string;
  /** The route's fixed list scope (menu.json render.scope), e.g. `buyer`. */
  scope?: string;
  /** The states the route lists (menu.json render.states), e.g. the contracts awaiting signature. */
  states?: string[];
  /** Enum values the route lists (menu.json render.filter), e.g. `{source: ['mutualOffer']}`. */
  filter?: Record<string, string[]>;
  /** The path of the route a row opens with `?id=` (menu.json render.showRoute), instead of `<path>/show/:id`. */
  showPath?: string;
  /** The heading, when not the resource's title: a route listing part of it names that part (mutual-promise contracts, not all sales contracts). */
  heading?: string;
  /** Fields the route's records have set (menu.json render.has), e.g. the contracts that had an objection. */
  has?: string[];
  /** Party roles offered beside "mine" as a switch (menu.json render.scopes), e.g. payee and payer. */
  scopes?: string[];
  /** The path of the route with the create form (menu.json render.createRoute), shown even for a resource with parties. */
  createPath?: string;
}

const NO_SCOPES: string[] = [];

/**
 * The generated list page, the view of the list controller (useResourceList: the URL's state,
 * the request, saved views and columns): the filter bar, the toolbar (views, columns, scope
 * switch, export, create), the table, and the toolbar of a selection (bulk actions).
 */
export default function ResourceList({ definition: full, basePath, scope: fixedScope, states: fixedStates, filter: fixedFilter, showPath, heading, has, scopes = NO_SCOPES, createPath: createRoutePath }: Props) {
  const list = useResourceList(full, { scope: fixedScope, states: fixedStates, filter: fixedFilter, has, scopes });
  const { definition, state, setState, sent, table } = list;
  const gate = useServiceGate(definition);
  const awaitsApproval = useApprovalGate(definition);
  const { t } = useTranslation('resources');
  const text = useResourceText(definition);
  const navigate = useNavigate();
  const query = table.tableQuery;

  // Rows chosen, kept across pages by id with the row as last seen; or every record the filters match.
  const [chosen, setChosen] = useState<ReadonlyMap<string, ResourceRecord>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  const [results, setResults] = useState<BulkAnswer | null>(null);
  const clear = () => {
    setChosen(new Map());
    setAllMatching(false);
  };
  // A domain's own use of several rows (the listSelection slot), and the declared actions on a selection.
  const slotSelects = useSlotApplies('listSelection', { definition, scope: fixedScope, states: fixedStates, selected: [], clear: () => undefined });
  const selecting = slotSelects || (definition.actions ?? []).length > 0;
  const onSelect = (keys: Key[], rows: (ResourceRecord | undefined)[]) => {
    setAllMatching(false);
    setChosen((previous) => {
      const next = new Map<string, ResourceRecord>();
      const seen = new Map(rows.filter((row): row is ResourceRecord => Boolean(row)).map((row) => [row.id, row]));
      for (const key of keys) {
        const row = seen.get(String(key)) ?? previous.get(String(key));
        if (row) next.set(String(key), row);
      }
      return next;
    });
  };
  const total = table.result.total ?? 0;
  const selection: ListSelection | null = allMatching ? { kind: 'all', total } : chosen.size ? { kind: 'ids', ids: [...chosen.keys()] } : null;
  // A change of the list (filters, scope) changes what "all matching" means: the selection goes.
  const change = (patch: Partial<ListState>) => {
    if (allMatching) clear();
    setState(patch);
  };

  // Records with parties are made by actions (an accepted offer), not by a create form, and a
  // list source (the ledger's flows) by nothing the user does; a resource whose service the account has not opened shows where to open it instead,
  // and a trading resource of an account not yet approved the way to authentication.
  const createButton = (definition.parties && !createRoutePath) || definition.source || gate.blocked || gate.pending ? null : awaitsApproval ? (
    <ApprovalButton />
  ) : (
    <CreateButton resource={definition.name} onClick={() => navigate(createRoutePath ?? createPath(basePath))}>
      {t('list.create')}
    </CreateButton>
  );

  let emptyText;
  if (query.isLoading) emptyText = <LoadingState />;
  else if (query.isError) emptyText = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (Object.keys(state.filters).length > 0)
    emptyText = <EmptyState description={t('list.noMatch')} action={<Button onClick={() => change({ filters: {}, pageNo: 1 })}>{t('list.clearFilters')}</Button>} />;
  else if (state.scope === 'market') emptyText = <EmptyState description={t('list.marketEmpty', { title: text.title })} />;
  else emptyText = <EmptyState description={t('list.empty', { title: text.record })} action={createButton} />;

  const scopeSwitch =
    definition.visibility?.market && !fixedScope ? (
      <Segmented<ListState['scope']>
        value={state.scope}
        onChange={(scope) => change({ scope, pageNo: 1 })}
        options={[
          { value: 'mine', label: t('list.scope.mine') },
          { value: 'market', label: t('list.scope.market') },
        ]}
      />
    ) : scopes.length > 0 && !fixedScope ? (
      <Segmented<string>
        value={state.scope}
        onChange={(scope) => change({ scope, pageNo: 1 })}
        options={[{ value: 'mine', label: t('list.scope.all') }, ...scopes.map((scope) => ({ value: scope, label: t(`list.scope.${scope}`) }))]}
      />
    ) : null;

  return (
    <div className="resource-page resource-list">
      {gate.blocked && <ServiceNotice definition={definition} />}
      {awaitsApproval && !definition.source && <ApprovalNotice />}
      <Card className="resource-list__filters" size="small">
        <FilterBar definition={definition} text={text} filters={state.filters} onSearch={(next) => change({ filters: next, pageNo: 1 })} />
      </Card>
      {/* What the domain shows above the table (a report's chart). */}
      <Suspense fallback={null}>
        <Slot name="listHeader" props={{ definition, scope: fixedScope }} />
      </Suspense>
      <List
        resource={definition.name}
        // A heading as refine draws a string title (Typography.Title level 4), with the live mark beside it.
        title={
          <Space>
            <Typography.Title level={4} style={{ marginBottom: 0 }}>
              {heading ?? text.title}
            </Typography.Title>
            <LiveMark resource={definition.name} />
          </Space>
        }
        breadcrumb={false}
        wrapperProps={{ className: 'resource-list__table' }}
        headerButtons={
          <>
            {scopeSwitch}
            <ViewsMenu list={list} />
            <ColumnSettings choosable={list.choosable} shown={list.columns} text={text} onChange={(columns) => list.setColumns(columns)} onReset={list.resetColumns} />
            <CanAccess resource={definition.name} action="export">
              <ExportButton resource={definition.name} state={sent} />
            </CanAccess>
            <Suspense fallback={null}>
              <Slot name="listButtons" props={{ definition }} />
            </Suspense>
            {/* Import makes records as create does: where the file declares it (on its scope's routes, for a resource with parties) and the caller could create. */}
            {definition.list.import && (definition.list.import.scope ?? fixedScope) === fixedScope && !definition.source && !gate.blocked && !gate.pending && !awaitsApproval && (
              <CanAccess resource={definition.name} action="create">
                <ImportButton definition={definition} text={text} />
              </CanAccess>
            )}
            {createButton}
          </>
        }
      >
        {slotSelects && (
          <Suspense fallback={null}>
            <Slot name="listSelection" props={{ definition, scope: fixedScope, states: fixedStates, selected: [...chosen.values()], clear }} />
          </Suspense>
        )}
        {selection && !slotSelects && (
          <BulkBar list={list} text={text} selection={selection} pageRows={table.tableProps.dataSource?.length ?? 0} matching={total} onSelectAll={() => setAllMatching(true)} onClear={clear} onDone={setResults} />
        )}
        {results && <BulkResults list={list} text={text} answer={results} onClose={() => setResults(null)} />}
        <ListTable
          list={list}
          text={text}
          emptyText={emptyText}
          onOpen={(record) => navigate(showPath ? `${showPath}?id=${encodeURIComponent(record.id)}` : recordPath(basePath, 'show', record.id))}
          selection={selecting ? { keys: allMatching ? (table.tableProps.dataSource ?? []).map((r) => r.id) : [...chosen.keys()], onChange: onSelect } : undefined}
          onResize={(column, width) => void list.setColumns(list.columns, { ...list.widths, [column]: width })}
        />
      </List>
    </div>
  );
}
