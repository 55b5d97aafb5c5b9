import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ImportPreview, ImportPreviewRow } from '../../../shared/resources/import';
import type { ResourceDefinition } from '../../../shared/resources/types';
import { FieldValue } from '../FieldValue';
import type { ResourceText } from '../labels';

interface Props {
  definition: ResourceDefinition;
  text: ResourceText;
  preview: ImportPreview;
  /** Only the rows with a problem. */
  onlyInvalid: boolean;
}

/** A preview cell: the value read, or, when the cell is wrong, what it holds and why, marked. */
function Cell({ definition, text, row, field }: { definition: ResourceDefinition; text: ResourceText; row: ImportPreviewRow; field: string }) {
  const error = row.errors?.[field];
  const value = row.values[field];
  if (!error) return <FieldValue definition={definition} field={field} value={value} text={text} />;
  // What the cell holds, as typed: formatted, 88.125 would read as the valid 88.13.
  return (
    <div className="resource-import__bad" data-field={field}>
      {value !== undefined && <Typography.Text code>{Array.isArray(value) ? value.join(' / ') : String(value)}</Typography.Text>}
      <Typography.Text type="danger">{error}</Typography.Text>
    </div>
  );
}

/** The rows of the file as the server read them, each bad cell marked with its message. */
export function PreviewTable({ definition, text, preview, onlyInvalid }: Props) {
  const { t } = useTranslation('imports');
  const rows = onlyInvalid ? preview.rows.filter((row) => row.errors) : preview.rows;
  // The bad rows alone show the columns that are wrong somewhere (and the first, which names the row): the problems fit the dialog.
  const fields = onlyInvalid ? preview.fields.filter((field, i) => i === 0 || rows.some((row) => row.errors?.[field])) : preview.fields;
  const columns: ColumnsType<ImportPreviewRow> = [
    { key: 'row', title: t('row'), dataIndex: 'row', width: 72, fixed: 'left' },
    ...fields.map((field) => ({
      key: field,
      title: text.field(field),
      width: rows.some((row) => row.errors?.[field]) ? 240 : 160,
      onCell: (row: ImportPreviewRow) => ({ className: row.errors?.[field] ? 'resource-import__cell--bad' : undefined }),
      render: (_: unknown, row: ImportPreviewRow) => <Cell definition={definition} text={text} row={row} field={field} />,
    })),
  ];
  // A problem of the row as a whole (its create refused), when some row has one.
  if (rows.some((row) => row.errors?._)) columns.push({ key: '_', title: t('rowProblem'), width: 240, render: (_: unknown, row: ImportPreviewRow) => <Typography.Text type="danger">{row.errors?._}</Typography.Text> });
  return (
    <Table<ImportPreviewRow>
      className="resource-import__preview"
      size="small"
      rowKey="row"
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content', y: 420 }}
      pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
      rowClassName={(row) => (row.errors ? 'resource-import__row--bad' : '')}
    />
  );
}
