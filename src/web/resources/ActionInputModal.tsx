import { Button, Modal, Space } from 'antd';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../shared/api';
import { fieldKindOf } from '../../shared/resources/fieldKinds';
import type { ActionDeclaration, ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { CONFIRM_INPUTS } from '../../shared/confirm';
import { needsSmsCode } from '../../shared/resources/actionInput';
import { MoneyConfirmField, missingConfirmation, type ConfirmValue } from './MoneyConfirmField';
import type { FormSource } from '../schema-ui/types';
import { OWN_PHONE } from '../schema-ui/widgets/SmsCodeWidget';
import type { ResourceText } from './labels';
import { Slot } from './slots';
import { LoadingState } from './states';

// rjsf and ajv load when the first input form opens, not with the show page.
const SchemaForm = lazy(() => import('../schema-ui/SchemaForm'));

interface Props {
  definition: ResourceDefinition;
  /** The record acted on: the action preface slot gets it (a signing step shows its document first, a money step its figures). */
  record?: ResourceRecord;
  action: ActionDeclaration & { input: NonNullable<ActionDeclaration['input']> };
  text: ResourceText;
  busy: boolean;
  serverErrors: FieldErrors | null;
  onSubmit(input: Record<string, unknown>): void;
  onCancel(): void;
  /** What the modal says first (an action on a selection: on how many records). */
  preface?: ReactNode;
}

/** An action that needs input (a reason): its input schema as a form in a modal, labelled by the resource. */
export function ActionInputModal({ definition, record, action, text, busy, serverErrors, onSubmit, onCancel, preface }: Props) {
  const { t } = useTranslation('resources');
  const { t: tc } = useTranslation('confirm');
  // A step confirmed by the person (signing, money): its confirmation is asked by MoneyConfirmField, not the schema form.
  const confirms = needsSmsCode(action);
  const [confirmation, setConfirmation] = useState<ConfirmValue | null>(null);
  const [missing, setMissing] = useState<FieldErrors | null>(null);
  // What is typed so far: a money step's summary shows the amount being entered (a bill's payment).
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const properties = useMemo(
    () => (confirms ? Object.fromEntries(Object.entries(action.input.properties).filter(([f]) => !(CONFIRM_INPUTS as readonly string[]).includes(f))) : action.input.properties),
    [action, confirms],
  );
  const submit = (input: Record<string, unknown>) => {
    if (!confirms) return onSubmit(input);
    const lacking = missingConfirmation(tc, confirmation);
    setMissing(lacking);
    if (!lacking) onSubmit({ ...input, ...confirmation });
  };
  const source = useMemo<FormSource>(
    () => ({
      name: definition.name,
      record: { type: 'object', properties, required: (action.input.required ?? []).filter((f) => f in properties) },
      form: {
        fields: Object.keys(properties),
        // An SMS code of an action (signing, money) goes to the acting user's own phone.
        uiSchema: Object.fromEntries(
          Object.entries(properties).map(([f, schema]) => [f, { 'ui:options': { colSpan: 24, ...(fieldKindOf(schema) === 'smsCode' ? { phoneField: OWN_PHONE } : {}) } }]),
        ),
      },
      labels: definition.labels,
    }),
    [definition, properties, action],
  );
  const formId = `action-${action.name}`;
  return (
    <Modal open title={text.action(action.name)} onCancel={onCancel} footer={null} maskClosable={!busy} width={action.signature ? 760 : undefined}>
      <Suspense fallback={<LoadingState rows={2} />}>
        {preface && <p>{preface}</p>}
        {/* What the domain shows before the input (a signing step: the document signed; a money step: its figures). */}
        {record && <Slot name="actionPreface" props={{ definition, action, recordId: record.id, record, input: draft }} />}
        {/* Nothing to fill in but the confirmation (paying collateral, confirming a bill): no schema form, only its field. */}
        <FormOf empty={Object.keys(properties).length === 0} id={formId} source={source} text={text} serverErrors={serverErrors} onSubmit={submit} onChange={setDraft} disabled={busy}>
          {confirms && (
            <MoneyConfirmField
              onChange={(v) => {
                setConfirmation(v);
                setMissing(null);
              }}
              errors={missing ?? serverErrors}
              disabled={busy}
            />
          )}
          <Space className="resource-modal__footer">
            <Button onClick={onCancel} disabled={busy}>
              {t('action.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('action.submit')}
            </Button>
          </Space>
        </FormOf>
      </Suspense>
    </Modal>
  );
}

/** The schema form of the action's input, or a bare form when the action takes none besides its confirmation. */
function FormOf({
  empty,
  id,
  source,
  text,
  serverErrors,
  onSubmit,
  onChange,
  disabled,
  children,
}: {
  empty: boolean;
  id: string;
  source: FormSource;
  text: ResourceText;
  serverErrors: FieldErrors | null;
  onSubmit(input: Record<string, unknown>): void;
  onChange(input: Record<string, unknown>): void;
  disabled: boolean;
  children: ReactNode;
}) {
  if (!empty)
    return (
      <SchemaForm id={id} source={source} text={text} mode="create" serverErrors={serverErrors} onSubmit={onSubmit} onChange={onChange} disabled={disabled}>
        {children}
      </SchemaForm>
    );
  return (
    <form
      id={id}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!disabled) onSubmit({});
      }}
    >
      {children}
    </form>
  );
}
