import { ArrowLeftOutlined } from '@ant-design/icons';
import { Create, Edit } from '@refinedev/antd';
import { useCan, useCreate, useOne, useUpdate } from '@refinedev/core';
import { Alert, Button } from 'antd';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FieldErrors } from '../../shared/api';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { fieldErrorsOf, HttpError } from '../providers/httpError';
import { errorText } from '../providers/httpErrorPolicy';
import { useIntent } from '../providers/idempotency';
import { toast } from '../providers/uiBridge';
import SchemaForm from '../schema-ui/SchemaForm';
import { useResourceText } from './labels';
import { recordPath } from '../refine/paths';
import { Slot } from './slots';
import { ErrorState, LoadingState } from './states';

interface Props {
  definition: ResourceDefinition;
  basePath: string;
  /** Edit this record; without it the page creates one. */
  id?: string;
}

type Data = Record<string, unknown>;

const FORBIDDEN = new HttpError({ code: 403, msg: '', data: null });

/** The declared fields of a record (the form's data), without the system fields. */
const declaredOf = (definition: ResourceDefinition, record: ResourceRecord | undefined, keep: (field: string) => boolean): Data =>
  Object.fromEntries(Object.keys(definition.record.properties).filter((f) => keep(f) && record?.[f] !== undefined).map((f) => [f, record?.[f]]));

/**
 * The generated create and edit page: the rjsf form of the declaration, server field errors on
 * their fields, and on edit the version read, so a stale save is refused (409) and offered a reload.
 */
export default function ResourceFormPage({ definition, basePath, id }: Props) {
  const { t } = useTranslation('resources');
  const text = useResourceText(definition);
  // refine's access control: may this role create, or edit records of this resource, at all. Whether
  // this record may be edited now (its state) is said below in the resource's own words.
  const { data: access } = useCan({ resource: definition.name, action: id === undefined ? 'create' : 'edit' });
  const navigate = useNavigate();
  const editing = id !== undefined;
  const { query, result: record } = useOne<ResourceRecord>({
    resource: definition.name,
    id: id ?? '',
    meta: { silent: true },
    queryOptions: { enabled: editing, retry: false },
  });
  const { mutateAsync: create, mutation: creation } = useCreate<ResourceRecord>();
  const { mutateAsync: update, mutation: updating } = useUpdate<ResourceRecord>();
  // One Idempotency-Key per create: the first submit makes it, a resubmit after an error (a
  // network failure, a field error) sends it again, a double click joins the submit in flight.
  const intent = useIntent();
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const [conflict, setConflict] = useState(false);
  // Bumped to start the form again from the latest record after a conflict.
  const [generation, setGeneration] = useState(0);
  // The form's data as the user types it (null: untouched since the form started), for the form slots.
  const [typed, setTyped] = useState<Data | null>(null);
  const busy = creation.isPending || updating.isPending;

  const inForm = useMemo(() => new Set(definition.form.fields), [definition]);
  const initialData = useMemo(() => (editing ? declaredOf(definition, record, (f) => inForm.has(f)) : undefined), [editing, definition, record, inForm]);
  const showPath = (recordId: string) => recordPath(basePath, 'show', recordId);

  const title = editing ? t('form.editTitle', { title: text.record }) : t('form.createTitle', { title: text.record });
  const back = () => navigate(editing && id ? showPath(id) : basePath);
  const backButton = (
    <Button icon={<ArrowLeftOutlined />} onClick={back}>
      {t('form.back')}
    </Button>
  );

  if (!access) return <LoadingState rows={8} />;
  if (!access.can) return <ErrorState error={FORBIDDEN} extra={backButton} />;
  if (editing && query.isLoading) return <LoadingState rows={8} />;
  if (editing && (query.isError || !record)) return <ErrorState error={query.error} onRetry={() => void query.refetch()} extra={backButton} />;
  if (editing && record && definition.states && !definition.states.editableIn.includes(record.state ?? '')) {
    return <ErrorState error={new HttpError({ code: 409, msg: t('form.notEditable', { state: text.state(record.state ?? '') }), data: null })} extra={backButton} />;
  }

  const submit = async (data: Data) => {
    setServerErrors(null);
    try {
      if (editing && id && record) {
        // Declared fields the form does not show keep their values; the version read guards the save.
        const values = { ...declaredOf(definition, record, (f) => !inForm.has(f)), ...data, version: record.version };
        await update({ resource: definition.name, id, values, meta: { silent: true }, mutationMode: 'pessimistic' });
        toast('success', t('form.saved'));
        navigate(showPath(id));
      } else {
        if (intent.inFlight()) return;
        const created = await intent.attempt('create', (idempotencyKey) => create({ resource: definition.name, values: data, meta: { silent: true, idempotencyKey } }));
        toast('success', t('form.created'));
        navigate(showPath(created.data.id));
      }
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setServerErrors(fields);
      else if (editing && error instanceof HttpError && error.code === 409) setConflict(true);
      else if (error instanceof HttpError) toast('error', errorText(error));
    }
  };

  const reloadLatest = async () => {
    await query.refetch();
    setConflict(false);
    setServerErrors(null);
    setTyped(null);
    setGeneration((n) => n + 1);
  };

  const formId = `${definition.name}-form`;
  const slotProps = { definition, data: typed ?? initialData ?? {}, editing };
  // refine's Create/Edit frame; its save button submits the rjsf form through the form attribute.
  const frame = {
    resource: definition.name,
    title,
    breadcrumb: false,
    goBack: false,
    headerButtons: backButton,
    saveButtonProps: { form: formId, htmlType: 'submit' as const, loading: busy, icon: null, children: editing ? t('form.save') : t('form.submit') },
    footerButtons: ({ defaultButtons }: { defaultButtons: ReactNode }) => (
      <>
        {defaultButtons}
        <Button onClick={back} disabled={busy}>
          {t('form.cancel')}
        </Button>
      </>
    ),
  };
  const content = (
    <>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={t('form.conflict')}
          description={t('form.conflictHint')}
          action={
            <Button size="small" onClick={() => void reloadLatest()}>
              {t('form.reload')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {/* What the domain shows around the fields (where a deposit goes; the totals the server will compute). */}
      <Suspense fallback={null}>
        <Slot name="formPreface" props={slotProps} />
      </Suspense>
      <SchemaForm
        key={generation}
        id={formId}
        source={definition}
        text={text}
        mode={editing ? 'edit' : 'create'}
        initialData={initialData}
        serverErrors={serverErrors}
        disabled={busy}
        onChange={setTyped}
        onSubmit={(data) => void submit(data)}
      />
      <Suspense fallback={null}>
        <Slot name="formSummary" props={slotProps} />
      </Suspense>
    </>
  );

  return (
    <div className="resource-page resource-form">
      {editing ? (
        <Edit {...frame} recordItemId={id} canDelete={false}>
          {content}
        </Edit>
      ) : (
        <Create {...frame}>{content}</Create>
      )}
    </div>
  );
}
