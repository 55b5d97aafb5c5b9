import { ShowButton } from '@refinedev/antd';
import { Table } from 'antd';
import type { TableProps } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useEffect, useRef, type Key, type ReactNode, type ThHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { COLUMN_WIDTH } from '../../shared/resources/listViews';
import type { ResourceRecord } from '../../shared/resources/types';
import { FieldValue } from './FieldValue';
import { kindOf } from './fieldKind';
import type { ResourceText } from './labels';
import { PAGE_SIZES, sortableFields } from './listQuery';
import { useListKeyboard } from './useListKeyboard';
import type { ResourceListController } from './useResourceList';

const RIGHT_ALIGNED = new Set(['money', 'number']);
/** Kept on one line: a time or an amount broken in two reads as two values. */
const NO_WRAP = new Set(['money', 'number', 'date', 'datetime']);

interface Props {
  list: ResourceListController;
  text: ResourceText;
  emptyText: ReactNode;
  /** Opens a record (its show page). */
  onOpen(record: ResourceRecord): void;
  /** The rows chosen, kept across pages; undefined: the list offers no selection. */
  selection?: { keys: Key[]; onChange(keys: Key[], rows: (ResourceRecord | undefined)[]): void };
  /** A column's width dragged to a new size (px): kept with the user's columns. */
  onResize(column: string, width: number): void;
}

/** The narrowest a column is drawn, dragged or not (px). */
const MIN_COLUMN_PX = 88;

/** A header cell with a handle on its right edge that drags the column's width. */
function ResizableHeader({ width, onResizeTo, ...rest }: ThHTMLAttributes<HTMLTableCellElement> & { width?: number; onResizeTo?: (width: number) => void }) {
  const cell = useRef<HTMLTableCellElement>(null);
  if (!onResizeTo) return <th {...rest} />;
  const start = (event: React.PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const from = event.clientX;
    const initial = cell.current?.getBoundingClientRect().width ?? width ?? COLUMN_WIDTH.min;
    let last = initial;
    const move = (e: PointerEvent) => {
      last = Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, initial + e.clientX - from)));
      if (cell.current) cell.current.style.width = `${last}px`;
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      if (last !== initial) onResizeTo(last);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return (
    <th {...rest} ref={cell} style={{ ...rest.style, position: 'relative' }}>
      {rest.children}
      {/* Clicks on the handle do not sort the column. */}
      <span className="resource-list__resize" aria-hidden onPointerDown={start} onClick={(e) => e.stopPropagation()} />
    </th>
  );
}

/** The list's table: the columns chosen in their order and widths, the totals under them, server paging and sorting. */
export function ListTable({ list, text, emptyText, onOpen, selection, onResize }: Props) {
  const { t, i18n } = useTranslation('resources');
  const { definition, state, setState, table, columns: shown, widths } = list;
  const { tableProps, tableQuery: query, result } = table;
  const sortable = sortableFields(definition);
  const defaultField = definition.list.defaultSort.replace(/^-/, '');
  const sortField = state.sort.replace(/^-/, '');
  const defaultCycle: SortOrder[] = definition.list.defaultSort.startsWith('-') ? ['descend', 'ascend', 'descend'] : ['ascend', 'descend', 'ascend'];

  const columns: TableProps<ResourceRecord>['columns'] = [
    ...shown.map((field) => ({
      key: field,
      dataIndex: field,
      title: text.field(field),
      width: widths[field],
      // On a phone the page is narrower than the columns: a column keeps room for about six
      // characters a line (a company name in three lines, not one character a line) and the
      // table scrolls sideways instead.
      minWidth: MIN_COLUMN_PX,
      align: RIGHT_ALIGNED.has(kindOf(definition, field)) ? ('right' as const) : undefined,
      onCell: NO_WRAP.has(kindOf(definition, field)) ? () => ({ style: { whiteSpace: 'nowrap' as const } }) : undefined,
      onHeaderCell: () => ({ width: widths[field], onResizeTo: (width: number) => onResize(field, width) }) as ThHTMLAttributes<HTMLTableCellElement>,
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
        <ShowButton resource={definition.name} recordItemId={record.id} type="link" size="small" icon={null} autoInsertSpace={false} onClick={() => onOpen(record)}>
          {t('list.view')}
        </ShowButton>
      ),
    },
  ];

  // The URL changes; the controller hands the change to useTable.
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

  // `totalExact: false`: the server stopped counting; total is a lower bound.
  const exact = (result as { totalExact?: boolean }).totalExact !== false;
  const showTotal = (total: number) => (exact ? t('list.total', { total }) : t('list.totalAtLeast', { total: total.toLocaleString(i18n.language) }));

  // The declared totals (list.totals) are over every match of the filters, not only this page.
  const totals = (result as { totals?: Record<string, string> }).totals;
  const shift = selection ? 1 : 0;
  const summary = totals
    ? () => (
        <Table.Summary.Row className="resource-list__totals">
          {/* The selection column, when rows can be chosen: the totals stay under their own columns. */}
          {selection && <Table.Summary.Cell index={0} />}
          {shown.map((field, index) => (
            <Table.Summary.Cell key={field} index={index + shift} align={totals[field] !== undefined ? 'right' : undefined}>
              {totals[field] !== undefined ? <FieldValue definition={definition} field={field} value={totals[field]} text={text} /> : index === 0 ? t('list.totals') : null}
            </Table.Summary.Cell>
          ))}
          <Table.Summary.Cell index={shown.length + shift} />
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
              <Table.Summary.Cell index={0} colSpan={shown.length + shift + 1}>
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

  // antd measures the columns in a hidden copy of the header row, select-all box included: that
  // copy is aria-hidden, so its box must not take the keyboard's focus (axe aria-hidden-focus).
  const wrapper = useRef<HTMLDivElement>(null);
  const rows = query.isError ? [] : (tableProps.dataSource ?? []);
  // j/k or the arrows move a highlighted row, Enter opens it, x or Space chooses it (useListKeyboard).
  const activeRow = useListKeyboard({
    rows,
    container: wrapper,
    onOpen,
    onToggle: selection
      ? (record) => selection.onChange(selection.keys.some((key) => String(key) === record.id) ? selection.keys.filter((key) => String(key) !== record.id) : [...selection.keys, record.id], [...rows])
      : undefined,
  });
  useEffect(() => {
    for (const input of wrapper.current?.querySelectorAll<HTMLInputElement>('.ant-table-measure-row input') ?? []) input.tabIndex = -1;
  });

  return (
    <div ref={wrapper}>
    <Table<ResourceRecord>
      {...tableProps}
      rowKey="id"
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.keys,
              onChange: selection.onChange,
              preserveSelectedRowKeys: true,
              // Each row's box says which record it chooses (the first column's value).
              getCheckboxProps: (record) => ({ 'aria-label': t('bulk.selectRow', { record: String(record[shown[0]] ?? record.id) }) }) as object,
            }
          : undefined
      }
      columns={columns}
      components={{ header: { cell: ResizableHeader } }}
      dataSource={rows}
      // A row takes the focus when the keys move to it (not by Tab: the row's own links and boxes are there for that).
      onRow={() => ({ tabIndex: -1 })}
      rowClassName={(record) => (record.id === activeRow ? 'resource-list__row--active' : '')}
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
    </div>
  );
}
