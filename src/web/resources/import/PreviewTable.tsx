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
  const value = <FieldValue definition={definition} field={field} value={row.values[field]} text={text} />;
  if (!error) return value;
  return (
    <div className="resource-import__bad" data-field={field}>
      {row.values[field] !== undefined && <div>{value}</div>}
      <Typography.Text type="danger">{error}</Typography.Text>
    </div>
  );
}

/** The rows of the file as the server read them, each bad cell marked with its message. */
export function PreviewTable({ definition, text, preview, onlyInvalid }: Props) {
  const { t } = useTranslation('imports');
  const columns: ColumnsType<ImportPreviewRow> = [
    { key: 'row', title: t('row'), dataIndex: 'row', width: 72, fixed: 'left' },
    ...preview.fields.map((field) => ({
      key: field,
      title: text.field(field),
      width: 160,
      onCell: (row: ImportPreviewRow) => ({ className: row.errors?.[field] ? 'resource-import__cell--bad' : undefined }),
      render: (_: unknown, row: ImportPreviewRow) => <Cell definition={definition} text={text} row={row} field={field} />,
    })),
    {
      key: '_',
      title: t('rowProblem'),
      width: 200,
      render: (_: unknown, row: ImportPreviewRow) => (row.errors?._ ? <Typography.Text type="danger">{row.errors._}</Typography.Text> : null),
    },
  ];
  const rows = onlyInvalid ? preview.rows.filter((row) => row.errors) : preview.rows;
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
