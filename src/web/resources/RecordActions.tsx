import { useCustomMutation, useDelete, useInvalidate, useResourceParams } from '@refinedev/core';
import { Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FieldErrors } from '../../shared/api';
import type { ActionDeclaration, ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { API_BASE } from '../../shared/constants';
import { fieldErrorsOf, HttpError } from '../providers/http';
import { errorText } from '../providers/httpErrorPolicy';
import { resourcePath } from '../providers/dataProvider';
import { toast } from '../providers/uiBridge';
import { useRecordCan } from './ability';
import { ActionInputModal } from './ActionInputModal';
import type { ResourceText } from './labels';
import { recordPath } from './paths';

type WithInput = ActionDeclaration & { input: NonNullable<ActionDeclaration['input']> };
type Pending = { kind: 'confirm'; action: ActionDeclaration } | { kind: 'input'; action: WithInput } | { kind: 'delete' };

interface Props {
  definition: ResourceDefinition;
  record: ResourceRecord;
  basePath: string;
  text: ResourceText;
}

const hasInput = (action: ActionDeclaration): action is WithInput => Boolean(action.input && Object.keys(action.input.properties).length > 0);

/**
 * The buttons of a record: edit, delete and each declared action, each only when the per-record
 * ability (the server's own check: party, state, grants) allows it for this record.
 */
export function RecordActions({ definition, record, basePath, text }: Props) {
  const { t } = useTranslation('resources');
  const can = useRecordCan(definition);
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  // refine keys its caches by the resource's identifier (the console registers each resource
  // under its route key), and useInvalidate takes that identifier, not the name.
  const { identifier } = useResourceParams().select(definition.name);
  const [pending, setPending] = useState<Pending | null>(null);
  const [inputErrors, setInputErrors] = useState<FieldErrors | null>(null);
  const { mutateAsync: runAction, mutation: actionMutation } = useCustomMutation<ResourceRecord>();
  const { mutateAsync: deleteRecord, mutation: deleteMutation } = useDelete();
  const busy = actionMutation.isPending || deleteMutation.isPending;

  const actions = (definition.actions ?? []).filter((a) => can(a.name, record));

  const run = async (action: ActionDeclaration, input: Record<string, unknown> = {}) => {
    setInputErrors(null);
    try {
      await runAction({
        url: `${API_BASE}${resourcePath(definition.name, record.id)}/actions/${encodeURIComponent(action.name)}`,
        method: 'post',
        values: input,
        // Input errors go beside the modal's fields; everything else is a notification.
        meta: { silent: hasInput(action) },
      });
      setPending(null);
      toast('success', text.done(action.name) ?? t('action.done', { action: text.action(action.name) }));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields && hasInput(action)) {
        setInputErrors(fields);
        return;
      }
      // A silent call's other errors (409: someone acted first) still need saying.
      if (hasInput(action) && error instanceof HttpError) toast('error', errorText(error));
      setPending(null);
    }
    // Success or a conflict: either way the record has moved on, so it is read again.
    await invalidate({ resource: identifier, invalidates: ['list', 'detail'], id: record.id });
  };

  const remove = async () => {
    try {
      await deleteRecord({ resource: definition.name, id: record.id });
      toast('success', t('show.deleted'));
      navigate(basePath);
    } catch {
      setPending(null);
      await invalidate({ resource: identifier, invalidates: ['list', 'detail'], id: record.id });
    }
  };

  const start = (action: ActionDeclaration) => {
    if (hasInput(action)) {
      setInputErrors(null);
      setPending({ kind: 'input', action });
    } else if (action.confirm) setPending({ kind: 'confirm', action });
    else void run(action);
  };

  const confirmText =
    pending?.kind === 'delete' ? t('show.deleteConfirm') : pending?.kind === 'confirm' ? (text.confirm(pending.action.name) ?? t('action.confirmDefault', { action: text.action(pending.action.name) })) : '';

  return (
    <>
      <Space wrap>
        {actions.map((action, index) => (
          <Button key={action.name} type={index === 0 ? 'primary' : 'default'} disabled={busy} onClick={() => start(action)}>
            {text.action(action.name)}
          </Button>
        ))}
        {can('edit', record) && (
          <Button disabled={busy} onClick={() => navigate(recordPath(basePath, 'edit', record.id))}>
            {t('show.edit')}
          </Button>
        )}
        {can('delete', record) && (
          <Button danger disabled={busy} onClick={() => setPending({ kind: 'delete' })}>
            {t('show.delete')}
          </Button>
        )}
      </Space>
      {(pending?.kind === 'confirm' || pending?.kind === 'delete') && (
        <Modal
          open
          title={t('action.confirmTitle')}
          okText={t('action.ok')}
          cancelText={t('action.cancel')}
          okButtonProps={{ danger: pending.kind === 'delete', loading: busy }}
          onOk={() => (pending.kind === 'delete' ? remove() : run(pending.action))}
          onCancel={() => setPending(null)}
        >
          {confirmText}
        </Modal>
      )}
      {pending?.kind === 'input' && (
        <ActionInputModal
          definition={definition}
          action={pending.action}
          text={text}
          busy={busy}
          serverErrors={inputErrors}
          onSubmit={(input) => void run(pending.action, input)}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}
