import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useInvalidate, useResourceParams } from '@refinedev/core';
import { Alert, Button, Checkbox, Modal, Space, Statistic, Table, Tag, theme, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportAnswer, type ImportFormat, type ImportPreview, type ImportRowResult } from '../../../shared/resources/import';
import type { ResourceDefinition } from '../../../shared/resources/types';
import { useImportCalls } from '../../refine/imports';
import { saveBlob } from '../ExportButton';
import type { ResourceText } from '../labels';
import { PreviewTable } from './PreviewTable';
import './import.css';

interface Props {
  definition: ResourceDefinition;
  text: ResourceText;
  open: boolean;
  onClose: () => void;
}

const STATUS_COLOUR: Record<ImportRowResult['status'], string> = { created: 'success', invalid: 'error', refused: 'warning' };

/** The bytes of a base64 string, as the result file arrives in the answer. */
function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Import from a spreadsheet: the template, a file chosen, the server's preview of each row (every
 * bad cell marked with its message, nothing written), then on confirmation the valid rows written
 * and a result per row, with the result file (the rows with a status column) to fix and upload again.
 */
export function ImportDialog({ definition, text, open, onClose }: Props) {
  const { t } = useTranslation('imports');
  const calls = useImportCalls(definition.name);
  const invalidate = useInvalidate();
  // refine keys its caches by the resource's identifier (its route key), not its name.
  const { identifier } = useResourceParams().select(definition.name);
  const { token } = theme.useToken();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState<'template' | 'preview' | 'import' | null>(null);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  // One key per file previewed: a retry after a lost answer is the same request, not a second import.
  const [key, setKey] = useState('');

  const reset = () => {
    setFile(null);
    setPreview(null);
    setAnswer(null);
    setOnlyInvalid(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const template = async (format: ImportFormat) => {
    setBusy('template');
    try {
      const got = await calls.template(format);
      saveBlob(got.blob, got.filename ?? `${definition.name}-import.${format}`);
    } catch {
      // The HTTP client has told the user why.
    } finally {
      setBusy(null);
    }
  };

  const choose = async (chosen: File) => {
    reset();
    setFile(chosen);
    setBusy('preview');
    try {
      const read = await calls.preview(chosen);
      setPreview(read);
      setOnlyInvalid(read.invalid > 0 && read.valid > 0 && read.rows.length > 20);
      setKey(crypto.randomUUID());
    } catch {
      setFile(null);
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!file || !preview) return;
    setBusy('import');
    try {
      const done = await calls.run(file, preview.token, key);
      setAnswer(done);
      if (done.created) await invalidate({ resource: identifier, invalidates: ['list'] });
    } catch {
      // The HTTP client has told the user why; the preview stays to try again.
    } finally {
      setBusy(null);
    }
  };

  const saveResult = () => {
    if (!answer) return;
    saveBlob(new Blob([fromBase64(answer.resultFile.base64)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), answer.resultFile.name);
  };

  const chooser = (
    <Upload.Dragger
      accept=".xlsx,.csv"
      multiple={false}
      showUploadList={false}
      disabled={busy !== null}
      beforeUpload={(chosen) => {
        void choose(chosen);
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('choose')}</p>
      <p className="ant-upload-hint">{t('limits', { rows: IMPORT_MAX_ROWS, mb: IMPORT_MAX_BYTES / 1024 / 1024 })}</p>
    </Upload.Dragger>
  );

  // The results name each row by its first field, as the file gave it where no record was made.
  const firstField = definition.list.import?.fields[0] ?? 'id';
  const valuesOf = new Map((preview?.rows ?? []).map((row) => [row.row, row.values]));
  let body;
  let footer;
  if (answer) {
    body = (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type={answer.created === answer.total ? 'success' : answer.created ? 'warning' : 'error'}
          showIcon
          message={t('done', { created: answer.created, total: answer.total })}
          description={
            answer.created < answer.total
              ? [answer.invalid ? t('doneInvalid', { count: answer.invalid }) : '', answer.refused ? t('doneRefused', { count: answer.refused }) : '', t('doneFix')].filter(Boolean).join(' ')
              : undefined
          }
        />
        <Table<ImportRowResult>
          size="small"
          rowKey="row"
          dataSource={answer.results}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ y: 360 }}
          columns={[
            { key: 'row', title: t('row'), dataIndex: 'row', width: 72 },
            { key: 'status', title: t('status'), width: 110, render: (_, r) => <Tag color={STATUS_COLOUR[r.status]}>{t(`statuses.${r.status}`)}</Tag> },
            { key: 'record', title: text.field(firstField), width: 220, render: (_, r) => String(r.record?.[firstField] ?? valuesOf.get(r.row)?.[firstField] ?? '') },
            { key: 'reason', title: t('reason'), render: (_, r) => r.reason ?? '' },
          ]}
        />
      </Space>
    );
    footer = [
      <Button key="result" icon={<DownloadOutlined />} onClick={saveResult}>
        {t('resultFile')}
      </Button>,
      <Button key="again" onClick={reset}>
        {t('another')}
      </Button>,
      <Button key="close" type="primary" onClick={close}>
        {t('close')}
      </Button>,
    ];
  } else if (preview && file) {
    body = (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space size="large" wrap className="resource-import__counts">
          <Typography.Text strong>{file.name}</Typography.Text>
          <Statistic title={t('total')} value={preview.total} />
          <Statistic title={t('valid')} value={preview.valid} valueStyle={{ color: token.colorSuccessText }} />
          <Statistic title={t('invalid')} value={preview.invalid} valueStyle={preview.invalid ? { color: token.colorErrorText } : undefined} />
        </Space>
        {preview.invalid > 0 && <Alert type="warning" showIcon message={t('fixHint', { invalid: preview.invalid })} />}
        {preview.invalid > 0 && (
          <Checkbox checked={onlyInvalid} onChange={(e) => setOnlyInvalid(e.target.checked)}>
            {t('onlyInvalid')}
          </Checkbox>
        )}
        <PreviewTable definition={definition} text={text} preview={preview} onlyInvalid={onlyInvalid} />
      </Space>
    );
    footer = [
      <Upload
        key="other"
        accept=".xlsx,.csv"
        showUploadList={false}
        beforeUpload={(chosen) => {
          void choose(chosen);
          return false;
        }}
      >
        <Button disabled={busy !== null}>{t('chooseAgain')}</Button>
      </Upload>,
      <Button key="import" type="primary" disabled={!preview.valid} loading={busy === 'import'} onClick={() => void confirm()}>
        {t('confirm', { count: preview.valid })}
      </Button>,
    ];
  } else {
    body = (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('intro', { fields: (definition.list.import?.fields ?? []).map((f) => text.field(f)).join('、') })}</Typography.Paragraph>
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={() => void template('xlsx')}>
            {t('templateXlsx')}
          </Button>
          <Button icon={<DownloadOutlined />} disabled={busy === 'template'} onClick={() => void template('csv')}>
            {t('templateCsv')}
          </Button>
        </Space>
        {busy === 'preview' ? <Alert type="info" showIcon message={t('reading')} /> : chooser}
      </Space>
    );
    footer = [
      <Button key="close" onClick={close}>
        {t('close')}
      </Button>,
    ];
  }

  return (
    <Modal open={open} title={t('title', { title: text.title })} width={1040} onCancel={close} footer={footer} destroyOnHidden maskClosable={false}>
      {body}
    </Modal>
  );
}
