import { CreateButton, List, ShowButton, useTable } from '@refinedev/antd';
import { CanAccess } from '@refinedev/core';
import { Button, Card, Segmented, Space, Table, Typography } from 'antd';
import { LiveMark } from '../live/LiveMark';
import type { TableProps } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { Suspense, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { ApprovalButton, ApprovalNotice, useApprovalGate } from './approval';
import { ExportButton } from './ExportButton';
import { FieldValue } from './FieldValue';
import { FilterBar } from './FilterBar';
import { kindOf } from './fieldKind';
import { useResourceText } from './labels';
import { crudFilters, crudSorters, listStateParams, PAGE_SIZES, presentFilters, queueDefaults, readListState, scopeFilters, sortableFields, type ListState, withFixedFilters, withFixedStates, withPresent } from './listQuery';
import { createPath, recordPath } from './paths';
import { ServiceNotice, useServiceGate } from './service';
import { Slot, useSlotApplies } from './slots';
import { EmptyState, ErrorState, LoadingState } from './states';

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
  /** The heading, when not the resource's title: a route listing part of it names that part (互诺订单, not 购销合同). */
  heading?: string;
  /** Fields the route's records have set (menu.json render.has), e.g. the contracts that had an objection. */
  has?: string[];
  /** Party roles offered beside "mine" as a switch (menu.json render.scopes), e.g. payee and payer. */
  scopes?: string[];
  /** The path of the route with the create form (menu.json render.createRoute), shown even for a resource with parties. */
  createPath?: string;
}

const RIGHT_ALIGNED = new Set(['money', 'number']);
const NO_SCOPES: string[] = [];
/** Kept on one line: a time or an amount broken in two reads as two values. */
const NO_WRAP = new Set(['money', 'number', 'date', 'datetime']);

/**
 * The generated list page: refine's List with useTable over antd's Table, the filter bar, create
 * and export buttons, and for a resource with a market (visibility.market) the switch between
 * the caller's own records and the records other accounts publish. The URL holds the page's
 * state in the API's own parameter names (listQuery.ts); useTable follows it.
 */
export default function ResourceList({ definition: full, basePath, scope: fixedScope, states: fixedStates, filter: fixedFilter, showPath, heading, has, scopes = NO_SCOPES, createPath: createRoutePath }: Props) {
  // A route listing some states (or enum values) offers only those in its filter.
  const definition = useMemo(() => {
    let narrowed = fixedStates && full.states ? { ...full, states: { ...full.states, values: full.states.values.filter((s) => fixedStates.includes(s)) } } : full;
    for (const [field, values] of Object.entries(fixedFilter ?? {})) {
      const property = narrowed.record.properties[field];
      if (!property?.enum) continue;
      const properties = { ...narrowed.record.properties, [field]: { ...property, enum: property.enum.filter((v) => values.includes(String(v))) } };
      narrowed = { ...narrowed, record: { ...narrowed.record, properties } };
    }
    return narrowed;
  }, [full, fixedStates, fixedFilter]);
  const gate = useServiceGate(definition);
  const awaitsApproval = useApprovalGate(definition);
  const { t, i18n } = useTranslation('resources');
  const text = useResourceText(definition);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // An operations queue opens on what is pending there (issue 17); the user may clear it.
  const defaults = useMemo(() => queueDefaults(full, { resource: full.name, scope: fixedScope, states: fixedStates, has }), [full, fixedScope, fixedStates, has]);
  const state = useMemo(() => readListState(definition, params, fixedScope, defaults, scopes), [definition, params, fixedScope, defaults, scopes]);
  const setState = (patch: Partial<ListState>) => setParams(listStateParams(definition, { ...state, ...patch }, defaults, scopes));
  const sent = useMemo(() => ({ ...state, filters: withPresent(withFixedFilters(withFixedStates(state.filters, fixedStates), fixedFilter), has) }), [state, fixedStates, fixedFilter, has]);
  const filters = useMemo(() => [...crudFilters(definition, sent.filters), ...presentFilters(sent.filters), ...scopeFilters(sent)], [definition, sent]);
  const sorters = useMemo(() => crudSorters(state.sort), [state.sort]);

  const { tableProps, tableQuery: query, result, setCurrentPage, setPageSize, setFilters, setSorters } = useTable<ResourceRecord>({
    resource: definition.name,
    syncWithLocation: false,
    pagination: { currentPage: state.pageNo, pageSize: state.pageSize, mode: 'server' },
    filters: { initial: filters, defaultBehavior: 'replace' },
    sorters: { initial: sorters },
    // The page shows its own error state; a toast on top would say it twice.
    meta: { silent: true },
    // The rows shown stay while the next page loads (react-query's keepPreviousData).
    queryOptions: { placeholderData: (previous) => previous, retry: false },
  });
  // The URL leads (a link, "back", a reload) and useTable's own state follows it in the same
  // render: refine folds the URL's query into the request's meta, so a state lagging one render
  // behind would send one request with the new meta and the old filters.
  const [followed, setFollowed] = useState(state);
  if (followed !== state) {
    setFollowed(state);
    setCurrentPage(state.pageNo);
    setPageSize(state.pageSize);
    setFilters(filters, 'replace');
    setSorters(sorters);
  }

  // Rows chosen together for what a domain does with several at once (the listSelection slot),
  // kept across pages by id with the row as last seen.
  const [chosen, setChosen] = useState<ReadonlyMap<string, ResourceRecord>>(new Map());
  const selecting = useSlotApplies('listSelection', { definition, scope: fixedScope, states: fixedStates, selected: [], clear: () => undefined });
  const onSelect = (keys: Key[], rows: (ResourceRecord | undefined)[]) =>
    setChosen((previous) => {
      const next = new Map<string, ResourceRecord>();
      const seen = new Map(rows.filter((row): row is ResourceRecord => Boolean(row)).map((row) => [row.id, row]));
      for (const key of keys) {
        const row = seen.get(String(key)) ?? previous.get(String(key));
        if (row) next.set(String(key), row);
      }
      return next;
    });

  const sortable = sortableFields(definition);
  const defaultField = definition.list.defaultSort.replace(/^-/, '');
  const sortField = state.sort.replace(/^-/, '');
  const defaultCycle: SortOrder[] = definition.list.defaultSort.startsWith('-') ? ['descend', 'ascend', 'descend'] : ['ascend', 'descend', 'ascend'];
  const filtered = Object.keys(state.filters).length > 0;

  const columns: TableProps<ResourceRecord>['columns'] = [
    ...definition.list.columns.map((field) => ({
      key: field,
      dataIndex: field,
      title: text.field(field),
      align: RIGHT_ALIGNED.has(kindOf(definition, field)) ? ('right' as const) : undefined,
      onCell: NO_WRAP.has(kindOf(definition, field)) ? () => ({ style: { whiteSpace: 'nowrap' as const } }) : undefined,
      sorter: sortable.has(field),
      sortOrder: sortable.has(field) && sortField === field ? (state.sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null,
      // The default sort always has a direction: clicking it flips rather than clears it (antd
      // moves to the entry after the current one's first occurrence).
      sortDirections: field === defaultField ? defaultCycle : undefined,
      render: (value: unknown) => <FieldValue definition={definition} field={field} value={value} text={text} />,
    })),
    {
      key: '_operations',
      title: t('list.operations'),
      fixed: 'right' as const,
      render: (_: unknown, record: ResourceRecord) => (
        <ShowButton resource={definition.name} recordItemId={record.id} type="link" size="small" icon={null} autoInsertSpace={false} onClick={() => navigate(showPath ? `${showPath}?id=${encodeURIComponent(record.id)}` : recordPath(basePath, 'show', record.id))}>
          {t('list.view')}
        </ShowButton>
      ),
    },
  ];

  // The URL changes; the render above hands the change to useTable.
  const onTableChange: TableProps<ResourceRecord>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const { field, order } = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ResourceRecord>;
      const name = String(field ?? '');
      const sort = order && sortable.has(name) ? `${order === 'descend' ? '-' : ''}${name}` : definition.list.defaultSort;
      setState({ sort, pageNo: 1 });
      return;
    }
    setState({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? state.pageSize });
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
  else if (filtered)
    emptyText = <EmptyState description={t('list.noMatch')} action={<Button onClick={() => setState({ filters: {}, pageNo: 1 })}>{t('list.clearFilters')}</Button>} />;
  else if (state.scope === 'market') emptyText = <EmptyState description={t('list.marketEmpty', { title: text.title })} />;
  else emptyText = <EmptyState description={t('list.empty', { title: text.record })} action={createButton} />;

  // `totalExact: false`: the server stopped counting; total is a lower bound.
  const exact = (result as { totalExact?: boolean }).totalExact !== false;
  const showTotal = (total: number) => (exact ? t('list.total', { total }) : t('list.totalAtLeast', { total: total.toLocaleString(i18n.language) }));

  // The declared totals (list.totals) are over every match of the filters, not only this page.
  const totals = (result as { totals?: Record<string, string> }).totals;
  const shift = selecting ? 1 : 0;
  const summary = totals
    ? () => (
        <Table.Summary.Row className="resource-list__totals">
          {/* The selection column, when rows can be chosen: the totals stay under their own columns. */}
          {selecting && <Table.Summary.Cell index={0} />}
          {definition.list.columns.map((field, index) => (
            <Table.Summary.Cell key={field} index={index + shift} align={totals[field] !== undefined ? 'right' : undefined}>
              {totals[field] !== undefined ? <FieldValue definition={definition} field={field} value={totals[field]} text={text} /> : index === 0 ? t('list.totals') : null}
            </Table.Summary.Cell>
          ))}
          <Table.Summary.Cell index={definition.list.columns.length + shift} />
        </Table.Summary.Row>
      )
    : undefined;
  // The named state totals (list.stateTotals: the open amount of the overdue bills), under the total row.
  const stateTotals = Object.keys(definition.list.stateTotals ?? {}).filter((name) => totals?.[name] !== undefined);
  const fullSummary =
    summary && stateTotals.length
      ? () => (
          <>
            {summary()}
            <Table.Summary.Row className="resource-list__state-totals">
              <Table.Summary.Cell index={0} colSpan={definition.list.columns.length + shift + 1}>
                {stateTotals.map((name) => (
                  <span key={name} className="resource-list__state-total" data-testid={`state-total-${name}`}>
                    {text.field(name)}: <FieldValue definition={definition} field={definition.list.stateTotals![name].field} value={totals![name]} text={text} />
                  </span>
                ))}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </>
        )
      : summary;

  return (
    <div className="resource-page resource-list">
      {gate.blocked && <ServiceNotice definition={definition} />}
      {awaitsApproval && !definition.source && <ApprovalNotice />}
      <Card className="resource-list__filters" size="small">
        <FilterBar definition={definition} text={text} filters={state.filters} onSearch={(next) => setState({ filters: next, pageNo: 1 })} />
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
            {definition.visibility?.market && !fixedScope && (
              <Segmented<ListState['scope']>
                value={state.scope}
                onChange={(scope) => setState({ scope, pageNo: 1 })}
                options={[
                  { value: 'mine', label: t('list.scope.mine') },
                  { value: 'market', label: t('list.scope.market') },
                ]}
              />
            )}
            {scopes.length > 0 && !fixedScope && (
              <Segmented<string>
                value={state.scope}
                onChange={(scope) => setState({ scope, pageNo: 1 })}
                options={[{ value: 'mine', label: t('list.scope.all') }, ...scopes.map((scope) => ({ value: scope, label: t(`list.scope.${scope}`) }))]}
              />
            )}
            <CanAccess resource={definition.name} action="export">
              <ExportButton resource={definition.name} state={sent} />
            </CanAccess>
            <Suspense fallback={null}>
              <Slot name="listButtons" props={{ definition }} />
            </Suspense>
            {createButton}
          </>
        }
      >
        {selecting && (
          <Suspense fallback={null}>
            <Slot name="listSelection" props={{ definition, scope: fixedScope, states: fixedStates, selected: [...chosen.values()], clear: () => setChosen(new Map()) }} />
          </Suspense>
        )}
        <Table<ResourceRecord>
          {...tableProps}
          rowKey="id"
          rowSelection={selecting ? { selectedRowKeys: [...chosen.keys()], onChange: onSelect, preserveSelectedRowKeys: true } : undefined}
          columns={columns}
          dataSource={query.isError ? [] : tableProps.dataSource}
          loading={query.isFetching && !query.isLoading}
          onChange={onTableChange}
          // As wide as the page first (long names wrap), scrolling sideways only when the columns
          // cannot shrink further: at 'max-content' every list wider than the page hid its last
          // columns (the time) under the fixed action column.
          scroll={{ x: true }}
          tableLayout="auto"
          locale={{ emptyText }}
          summary={query.isError ? undefined : fullSummary}
          pagination={{
            current: state.pageNo,
            pageSize: state.pageSize,
            total: result.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal,
          }}
        />
      </List>
    </div>
  );
}
