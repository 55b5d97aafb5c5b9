import { useInvalidate, useResourceParams } from '@refinedev/core';
import { Alert, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../shared/api';
import type { BulkAnswer, BulkResult } from '../../shared/resources/bulk';
import type { ActionDeclaration } from '../../shared/resources/types';
import { resourcePath } from '../providers/dataProvider';
import { fieldErrorsOf, HttpError, NETWORK_ERROR_CODE, TIMEOUT_CODE } from '../providers/httpError';
import { useIntent } from '../providers/idempotency';
import { useSystemCall, useSystemQuery } from '../refine/systemData';
import { ActionInputModal } from './ActionInputModal';
import { ExportButton } from './ExportButton';
import { FieldValue } from './FieldValue';
import type { ResourceText } from './labels';
import { selectionQuery } from './listQuery';
import type { ResourceListController } from './useResourceList';

/** What a selection is: the rows chosen (across pages), or every record the list's filters match. */
export type ListSelection = { kind: 'ids'; ids: string[] } | { kind: 'all'; total: number };

interface Props {
  list: ResourceListController;
  text: ResourceText;
  selection: ListSelection;
  /** Rows on the current page and how many the list matches: "select all N matching" is offered when there are more. */
  pageRows: number;
  matching: number;
  onSelectAll(): void;
  onClear(): void;
  /** The action ran: its results, shown by the list once the selection is gone. */
  onDone(answer: BulkAnswer): void;
}

type Running = { action: ActionDeclaration; kind: 'confirm' | 'input' };

/** The request may not have reached the server, or it failed there: the same intent may be tried again. */
const retryable = (error: unknown) => error instanceof HttpError && (error.code === NETWORK_ERROR_CODE || error.code === TIMEOUT_CODE || error.code >= 500);

/**
 * The toolbar of a selection: how many are chosen (and "select all N matching"), each declared
 * action with how many of them the caller may take it on (the server counts), one request for
 * all of them (one confirmation, one SMS code), a result per record after; export of the selection.
 */
export function BulkBar({ list, text, selection, pageRows, matching, onSelectAll, onClear, onDone }: Props) {
  const { t } = useTranslation('resources');
  const { definition, sent } = list;
  const base = resourcePath(definition.name);
  // The selection as the API names it: the ids, or the list's own query.
  const payload = useMemo(() => (selection.kind === 'ids' ? { ids: selection.ids } : { query: selectionQuery(sent) }), [selection, sent]);
  const counts = useSystemQuery<{ total: number; actions: { name: string; count: number }[] }>(`${base}/bulk`, { method: 'post', payload, silent: true, retry: false });
  const call = useSystemCall();
  const intent = useIntent();
  const invalidate = useInvalidate();
  const { identifier } = useResourceParams().select(definition.name);
  const [running, setRunning] = useState<Running | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors | null>(null);

  const selected = selection.kind === 'ids' ? selection.ids.length : selection.total;
  const fromRecord = (action: ActionDeclaration) => definition.list.bulkInput?.[action.name] ?? {};
  /** The action's input without what each record gives itself (a bill's payment: its open amount). */
  const commonAction = (action: ActionDeclaration): ActionDeclaration => {
    if (!action.input) return action;
    const own = Object.keys(fromRecord(action));
    const properties = Object.fromEntries(Object.entries(action.input.properties).filter(([f]) => !own.includes(f)));
    return { ...action, input: { ...action.input, properties, required: (action.input.required ?? []).filter((f) => !own.includes(f)) } };
  };

  const start = (action: ActionDeclaration) => {
    intent.begin();
    setErrors(null);
    const common = commonAction(action);
    setRunning({ action: common, kind: common.input && Object.keys(common.input.properties).length > 0 ? 'input' : 'confirm' });
  };
  const run = async (action: ActionDeclaration, input: Record<string, unknown> = {}) => {
    if (intent.inFlight()) return;
    setBusy(true);
    setErrors(null);
    // The confirmation goes beside the input, as the single action sends it; the rest is the action's input.
    const { smsCode, confirmMethod, paymentPassword, totpCode, ...rest } = input;
    const confirmation = Object.fromEntries(Object.entries({ smsCode, confirmMethod, paymentPassword, totpCode }).filter(([, v]) => v !== undefined));
    try {
      const result = await intent.attempt(`bulk:${action.name}`, (idempotencyKey) =>
        call<BulkAnswer>('post', `${base}/bulk/actions/${encodeURIComponent(action.name)}`, { payload: { ...payload, input: rest, ...confirmation }, idempotencyKey, silent: true }),
      );
      setRunning(null);
      onDone(result);
      onClear();
      await invalidate({ resource: identifier, invalidates: ['list'] });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else setErrors({ _: error instanceof HttpError ? error.message : t('bulk.failed') });
      if (!retryable(error) && !fields) intent.end();
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    intent.end();
    setRunning(null);
  };

  const offered = (counts.data?.actions ?? []).filter((a) => a.count > 0);
  return (
    <div className="resource-bulk" role="region" aria-label={t('bulk.label')}>
      <Space wrap>
        <Typography.Text strong data-testid="bulk-selected">
          {selection.kind === 'all' ? t('bulk.allSelected', { count: selected }) : t('bulk.selected', { count: selected })}
        </Typography.Text>
        {selection.kind === 'ids' && selected >= pageRows && matching > selected && (
          <Button type="link" size="small" onClick={onSelectAll}>
            {t('bulk.selectAll', { count: matching })}
          </Button>
        )}
        <Button type="link" size="small" onClick={onClear}>
          {t('bulk.clear')}
        </Button>
        {offered.map((a) => {
          const action = definition.actions?.find((d) => d.name === a.name);
          return action ? (
            <Button key={a.name} onClick={() => start(action)} disabled={busy}>
              {t('bulk.action', { action: text.action(a.name), count: a.count })}
            </Button>
          ) : null;
        })}
        {counts.isSuccess && offered.length === 0 && <Typography.Text type="secondary">{t('bulk.nothing')}</Typography.Text>}
        {/* A selection the server will not take (more than it acts on at once): why. */}
        {counts.isError && (
          <Typography.Text type="danger" data-testid="bulk-refused">
            {Object.values(fieldErrorsOf(counts.error) ?? {}).join('；') || counts.error.message}
          </Typography.Text>
        )}
        {selection.kind === 'ids' ? <ExportButton resource={definition.name} state={sent} ids={selection.ids} /> : <ExportButton resource={definition.name} state={sent} />}
      </Space>
      {running?.kind === 'confirm' && (
        <Modal open title={t('action.confirmTitle')} okText={t('action.ok')} cancelText={t('action.cancel')} okButtonProps={{ loading: busy }} onOk={() => run(running.action)} onCancel={cancel}>
          {t('bulk.confirm', { action: text.action(running.action.name), count: counts.data?.actions.find((a) => a.name === running.action.name)?.count ?? selected })}
          {errors && <Alert type="error" showIcon message={Object.values(errors).join('；')} style={{ marginTop: 12 }} />}
        </Modal>
      )}
      {running?.kind === 'input' && (
        <ActionInputModal
          definition={definition}
          action={running.action as ActionDeclaration & { input: NonNullable<ActionDeclaration['input']> }}
          text={text}
          busy={busy}
          serverErrors={errors}
          onSubmit={(input) => void run(running.action, input)}
          onCancel={cancel}
          preface={t('bulk.confirm', { action: text.action(running.action.name), count: counts.data?.actions.find((a) => a.name === running.action.name)?.count ?? selected })}
        />
      )}
    </div>
  );
}

/** The results of an action on a selection: how many done, and per record done or refused with the reason (or its state now). */
export function BulkResults({ list, text, answer, onClose }: { list: ResourceListController; text: ResourceText; answer: BulkAnswer; onClose(): void }) {
  const { t } = useTranslation('resources');
  const { definition } = list;
  const firstColumn = list.columns[0];
  return (
    <Modal open width={720} title={t('bulk.resultTitle', { action: text.action(answer.action) })} onCancel={onClose} footer={<Button onClick={onClose}>{t('bulk.close')}</Button>}>
      <Typography.Paragraph data-testid="bulk-summary">{t('bulk.summary', { done: answer.done, refused: answer.refused })}</Typography.Paragraph>
      <Table<BulkResult>
        rowKey="id"
        size="small"
        pagination={answer.results.length > 10 ? { pageSize: 10 } : false}
        dataSource={answer.results}
        columns={[
          {
            key: 'record',
            title: text.field(firstColumn),
            render: (_, row) => (row.record ? <FieldValue definition={definition} field={firstColumn} value={row.record[firstColumn]} text={text} /> : row.id),
          },
          { key: 'status', title: t('bulk.status'), render: (_, row) => (row.status === 'done' ? <Tag color="success">{t('bulk.done')}</Tag> : <Tag color="error">{t('bulk.refused')}</Tag>) },
          { key: 'reason', title: t('bulk.reason'), render: (_, row) => row.reason ?? (row.record?.state ? text.state(String(row.record.state)) : '') },
        ]}
      />
    </Modal>
  );
}
