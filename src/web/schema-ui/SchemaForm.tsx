import { withTheme } from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { CustomValidator, ErrorSchema } from '@rjsf/utils';
import { Alert } from 'antd';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../shared/api';
import { FORMATS_NAMESPACE } from '../../shared/formats';
import { notPastFields, pastDayFields } from '../../shared/resources/notPast';
import { splitServerErrors, transformErrorsWith } from './errors';
import { fields, theme } from './registry';
import type { FormSource, FormText, SchemaFormContext } from './types';
import { buildUiSchema, formSchema } from './uiSchema';
import { validator } from './validator';
import './schemaForm.css';

// The one rjsf setup: the antd theme with our grid and widgets, the server's ajv options and
// friendly translated errors. This module (with rjsf and ajv) is only ever loaded lazily, by
// pages that show a form.

type Data = Record<string, unknown>;

const DEFAULT_STATE = { arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipEmptyDefaults' } as const;

const ThemedForm = withTheme<Data>({ ...theme, fields });

export interface SchemaFormProps {
  source: FormSource;
  text: FormText;
  mode: 'create' | 'edit';
  /** The form's id: a submit button elsewhere (a modal's footer) can use form={id}. */
  id: string;
  initialData?: Data;
  /** The server's 400 field errors of the last submit. */
  serverErrors?: FieldErrors | null;
  disabled?: boolean;
  onSubmit(data: Data): void;
  /** Every change of the data (a page keeping a draft). */
  onChange?(data: Data): void;
  /** Rendered inside the form, after the fields (submit and cancel buttons). */
  children?: ReactNode;
}

/** The server's rule on a resource's expiry date (an offer's valid-until) and its x-notPast dates (a delivery date): not before today in China. */
function notPastCheck(fields: readonly string[], message: () => string): CustomValidator<Data> | undefined {
  if (!fields.length) return undefined;
  return (formData, errors) => {
    for (const field of pastDayFields(fields, formData ?? {}, new Date())) errors[field]?.addError(message());
    return errors;
  };
}

/** Drops the server's message of each field the user has changed since. */
function withoutChanged(errors: ErrorSchema, before: Data, after: Data): ErrorSchema {
  const kept = Object.entries(errors as Record<string, unknown>).filter(([field]) => JSON.stringify(before[field]) === JSON.stringify(after[field]));
  return Object.fromEntries(kept) as ErrorSchema;
}

export default function SchemaForm({ source, text, mode, id, initialData, serverErrors, disabled, onSubmit, onChange, children }: SchemaFormProps) {
  const { t } = useTranslation(['resources', FORMATS_NAMESPACE, 'validation']);
  const [data, setData] = useState<Data>(() => initialData ?? {});
  const dataRef = useRef(data);
  const [submitted, setSubmitted] = useState(false);

  const schema = useMemo(() => formSchema(source), [source]);
  const uiSchema = useMemo(() => buildUiSchema(source, text, mode), [source, text, mode]);
  const transformErrors = useMemo(() => transformErrorsWith((key, options) => t(key, options), () => dataRef.current), [t]);
  const customValidate = useMemo(
    () => notPastCheck(notPastFields(source.record.properties, source.expiry?.field), () => t('notPast', { ns: FORMATS_NAMESPACE })),
    [source.record.properties, source.expiry?.field, t],
  );
  const formContext = useMemo<SchemaFormContext>(() => ({ formData: () => dataRef.current, text }), [text]);

  // Server errors show until the user changes the field they are about.
  const [server, setServer] = useState(() => ({ source: serverErrors, data, ...splitServerErrors(serverErrors, source.form.fields) }));
  let shown = server;
  if (server.source !== serverErrors) {
    shown = { source: serverErrors, data, ...splitServerErrors(serverErrors, source.form.fields) };
    setServer(shown);
  }

  const change = ({ formData }: IChangeEvent<Data>) => {
    const next = formData ?? {};
    dataRef.current = next;
    setData(next);
    setServer((current) => ({ ...current, extraErrors: withoutChanged(current.extraErrors, current.data, next), data: next }));
    onChange?.(next);
  };

  return (
    <div className="schema-form">
      {shown.general.length > 0 && <Alert type="error" showIcon message={shown.general.join(' ')} style={{ marginBottom: 16 }} />}
      <ThemedForm
        id={id}
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        formContext={formContext}
        validator={validator}
        transformErrors={transformErrors}
        customValidate={customValidate}
        extraErrors={shown.extraErrors}
        showErrorList={false}
        focusOnFirstError
        noHtml5Validate
        // A region path or file list starts empty, not as minItems blanks ([undefined x 3]), so
        // "required" is what an untouched field says; empty objects get no invented defaults.
        experimental_defaultFormStateBehavior={DEFAULT_STATE}
        // After a first submit, errors update as the user fixes them.
        liveValidate={submitted ? 'onChange' : undefined}
        disabled={disabled}
        onChange={change}
        onError={() => setSubmitted(true)}
        onSubmit={({ formData }) => {
          setSubmitted(true);
          onSubmit(formData ?? {});
        }}
      >
        {children ?? <></>}
      </ThemedForm>
    </div>
  );
}
