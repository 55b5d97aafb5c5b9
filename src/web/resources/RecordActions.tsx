import { DeleteButton, EditButton } from '@refinedev/antd';
import { CanAccess, useCustomMutation, useInvalidate, useResourceParams } from '@refinedev/core';
import { Button, Modal } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FieldErrors } from '../../shared/api';
import type { ActionDeclaration, ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { fieldErrorsOf, HttpError, NETWORK_ERROR_CODE, TIMEOUT_CODE } from '../providers/httpError';
import { useIntent } from '../providers/idempotency';
import { errorText } from '../providers/httpErrorPolicy';
import { resourcePath } from '../providers/dataProvider';
import { toast } from '../providers/uiBridge';
import { useWriteRecord } from '../refine/recordCache';
import { useLeaveRecord } from './leaveRecord';
import { CONSOLE_ROUTES, consoleRoute } from '../refine/resources';
import { ActionInputModal } from './ActionInputModal';
import type { ResourceText } from './labels';
import { recordPath } from '../refine/paths';
import { usePublishRecordCommands } from './recordCommands';
import { Slot } from './slots';

/** The result step (menu.json render.page actionResult, /outgoing/resultsPage) an action with `result` opens. */
const RESULT_ROUTE = CONSOLE_ROUTES.find((route) => route.render && 'page' in route.render && route.render.page === 'actionResult');

/**
 * Where the result step of `action` on a record listed at `basePath` is: the route its `result`
 * names by key (/contract/paymentStatus after paying the collateral), else the actionResult route.
 */
const resultPath = (result: boolean | string, resource: string, id: string, action: string, basePath: string) => {
  const route = typeof result === 'string' ? consoleRoute(result) : RESULT_ROUTE;
  return route ? `${route.path}?${new URLSearchParams({ resource, id, action, from: basePath }).toString()}` : undefined;
};

type WithInput = ActionDeclaration & { input: NonNullable<ActionDeclaration['input']> };
type Pending = { kind: 'confirm'; action: ActionDeclaration } | { kind: 'input'; action: WithInput };

interface Props {
  definition: ResourceDefinition;
  record: ResourceRecord;
  basePath: string;
  text: ResourceText;
}

const hasInput = (action: ActionDeclaration): action is WithInput => Boolean(action.input && Object.keys(action.input.properties).length > 0);

/** The request may not have reached the server, or it failed there: the same intent may be tried again. */
const retryable = (error: unknown) => error instanceof HttpError && (error.code === NETWORK_ERROR_CODE || error.code === TIMEOUT_CODE || error.code >= 500);

/**
 * The buttons of a record: each declared action, edit and delete (refine's EditButton and
 * DeleteButton), each shown only when refine's access control allows it for this record: the
 * record rides along in `meta`, and the provider answers from the shared per-record ability
 * (the server's own check: party, state, grants).
 */
export function RecordActions({ definition, record, basePath, text }: Props) {
  const { t } = useTranslation('resources');
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  // refine keys its caches by the resource's identifier (the console registers each resource
  // under its route key), and useInvalidate takes that identifier, not the name.
  const { identifier } = useResourceParams().select(definition.name);
  const [pending, setPending] = useState<Pending | null>(null);
  const [inputErrors, setInputErrors] = useState<FieldErrors | null>(null);
  const { mutateAsync: runAction, mutation: actionMutation } = useCustomMutation<ResourceRecord>();
  // One Idempotency-Key per user intent: opening the confirmation or dialog begins one, every
  // attempt of it (a double click, a retry after a network error) sends its key.
  const intent = useIntent();
  const busy = actionMutation.isPending;
  const meta = { record };
  // The first action open in this state leads; which ones show is the access control's answer.
  const lead = (definition.actions ?? []).find((a) => !a.from || a.from.includes(record.state ?? ''))?.name;

  const writeRecord = useWriteRecord();
  const leaveRecord = useLeaveRecord();
  const refresh = () => invalidate({ resource: identifier, invalidates: ['list', 'detail'], id: record.id });

  const run = async (action: ActionDeclaration, input: Record<string, unknown> = {}) => {
    // A double click: the first click's attempt is under way with the intent's key.
    if (intent.inFlight()) return;
    setInputErrors(null);
    try {
      const answer = await intent.attempt(action.name, (idempotencyKey) =>
        runAction({
          url: `${resourcePath(definition.name, record.id)}/actions/${encodeURIComponent(action.name)}`,
          method: 'post',
          values: input,
          // Input errors go beside the modal's fields; everything else is a notification.
          meta: { silent: hasInput(action), idempotencyKey },
        }),
      );
      setPending(null);
      // The answer is the record as it now is: it replaces the cached one, nothing is read again.
      writeRecord(definition.name, answer.data);
      toast('success', text.done(action.name) ?? t('action.done', { action: text.action(action.name) }));
      // An action with a result step (publish, accept, pay the collateral) goes on to it: what happened and what next.
      const next = action.result ? resultPath(action.result, definition.name, record.id, action.name, basePath) : undefined;
      if (next) navigate(next);
      return;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields && hasInput(action)) {
        setInputErrors(fields);
        return;
      }
      // A silent call's other errors (409: someone acted first) still need saying.
      if (hasInput(action) && error instanceof HttpError) toast('error', errorText(error));
      // Unreachable, timed out, or failed on the server: the dialog stays open for a retry of the
      // same intent (same key: if the first attempt did go through, the retry is answered, not done twice).
      if (retryable(error)) return;
      intent.end();
      setPending(null);
    }
    // A conflict (someone acted first): the record has moved on, and the answer did not say how: it is read again.
    await refresh();
  };

  const start = (action: ActionDeclaration) => {
    // A direct action (no dialog) keeps the key of its last failed attempt: clicking again is a retry.
    if (hasInput(action) || action.confirm) intent.begin();
    if (hasInput(action)) {
      setInputErrors(null);
      setPending({ kind: 'input', action });
    } else if (action.confirm) setPending({ kind: 'confirm', action });
    else void run(action);
  };
  // The command palette offers the same actions on this record, each doing what its button does.
  usePublishRecordCommands(definition, record, start);

  return (
    <>
      {(definition.actions ?? []).map((action) => (
        <CanAccess key={action.name} resource={definition.name} action={action.name} params={{ id: record.id, meta }}>
          <Button type={action.name === lead ? 'primary' : 'default'} disabled={busy} onClick={() => start(action)}>
            {text.action(action.name)}
          </Button>
        </CanAccess>
      ))}
      <EditButton resource={definition.name} recordItemId={record.id} meta={meta} disabled={busy} onClick={() => navigate(recordPath(basePath, 'edit', record.id))}>
        {t('show.edit')}
      </EditButton>
      <DeleteButton
        resource={definition.name}
        recordItemId={record.id}
        meta={meta}
        disabled={busy}
        confirmTitle={t('show.deleteConfirm')}
        confirmOkText={t('action.ok')}
        confirmCancelText={t('action.cancel')}
        onSuccess={() => {
          toast('success', t('show.deleted'));
          // The record is gone: its tabs close (left open, they would read it again) and the list opens.
          leaveRecord(record.id, basePath);
        }}
      >
        {t('show.delete')}
      </DeleteButton>
      {pending?.kind === 'confirm' && (
        <Modal
          open
          title={t('action.confirmTitle')}
          okText={t('action.ok')}
          cancelText={t('action.cancel')}
          okButtonProps={{ loading: busy }}
          onOk={() => run(pending.action)}
          onCancel={() => {
            intent.end();
            setPending(null);
          }}
        >
          {/* What the domain shows before the question (a money step: the amount to check, who, the balances). */}
          <Suspense fallback={null}>
            <Slot name="actionPreface" props={{ definition, action: pending.action, recordId: record.id, record }} />
          </Suspense>
          {text.confirm(pending.action.name) ?? t('action.confirmDefault', { action: text.action(pending.action.name) })}
        </Modal>
      )}
      {pending?.kind === 'input' && (
        <ActionInputModal
          definition={definition}
          record={record}
          action={pending.action}
          text={text}
          busy={busy}
          serverErrors={inputErrors}
          onSubmit={(input) => void run(pending.action, input)}
          onCancel={() => {
            intent.end();
            setPending(null);
          }}
        />
      )}
    </>
  );
}
