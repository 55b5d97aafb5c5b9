import { Alert, Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FieldErrors } from '../../../shared/api';
import type { FormDefinition } from '../../../shared/resources/types';
import { fieldErrorsOf, HttpError } from '../../providers/httpError';
import { errorText } from '../../providers/httpErrorPolicy';
import { toast } from '../../providers/uiBridge';
import { formatDateTime } from '../../resources/format';
import type { ResourceText } from '../../resources/labels';
import { useRefreshAccess } from '../../refine/useRefreshAccess';
import { LoadingState } from '../../resources/states';
import { useAuthenticationCalls, type AuthKind } from '../../system/authentication';
import { clearDraft, readDraft, writeDraft } from './drafts';
import { consolePath } from '../../../shared/consolePaths';

// rjsf and ajv load with the form, not with the read-only views of this page.
const SchemaForm = lazy(() => import('../../schema-ui/SchemaForm'));

export const SUBMITTED_PATH = consolePath('authenticationSubmitted');

type Data = Record<string, unknown>;

interface Props {
  definition: FormDefinition;
  text: ResourceText;
  kind: AuthKind;
  accountId: string;
  /** What the form starts from without a draft: the rejected submission's values. */
  base?: Data;
  resubmit: boolean;
  /** The status changed under the page (409): load it again. */
  onStale(): void;
}

/** Objects with sorted keys, so two values compare equal whatever the order of their fields. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Data)[key])]),
    );
  }
  return value;
}

/** The data as a draft would keep it: no transient fields, no empty values. */
function draftable(data: Data, transient: readonly string[]): string {
  const kept = Object.entries(data).filter(([field, value]) => !transient.includes(field) && value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0));
  return JSON.stringify(canonical(Object.fromEntries(kept)));
}

/**
 * The authentication form of the account's kind, rendered from the served definition. Unsent
 * values are kept as a draft (per account and form) and restored on the next visit; a
 * successful submission drops the draft and shows /authenticationSubmitted.
 */
export function AuthenticationForm({ definition, text, kind, accountId, base, resubmit, onStale }: Props) {
  const { t } = useTranslation('authentication');
  const navigate = useNavigate();
  const refreshCaller = useRefreshAccess();
  const { submit: submitAuthentication } = useAuthenticationCalls();
  const transient = definition.transient ?? [];
  const [start, setStart] = useState(() => {
    const draft = readDraft(accountId, definition.name);
    return { data: draft?.data ?? base ?? {}, draftAt: draft?.savedAt ?? null, generation: 0 };
  });
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const [busy, setBusy] = useState(false);
  const baseline = draftable(base ?? {}, transient);

  const keepDraft = (data: Data) => {
    // What the form started from without a draft is no draft: nothing of the user's to keep.
    if (draftable(data, transient) === baseline) clearDraft(accountId, definition.name);
    else writeDraft(accountId, definition.name, data, transient);
  };

  const discardDraft = () => {
    clearDraft(accountId, definition.name);
    setServerErrors(null);
    setStart((current) => ({ data: base ?? {}, draftAt: null, generation: current.generation + 1 }));
    toast('success', t('draft.discarded'));
  };

  const submit = async (data: Data) => {
    setServerErrors(null);
    setBusy(true);
    try {
      // Its answer becomes the status the pages show (useAuthenticationCalls).
      await submitAuthentication(kind, data);
      clearDraft(accountId, definition.name);
      // The caller is now under review: read again, so every reader of it says so.
      await refreshCaller();
      toast('success', t('form.done'));
      navigate(SUBMITTED_PATH);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        setServerErrors(fields);
        if (error instanceof HttpError && error.msg) toast('error', error.msg);
      } else if (error instanceof HttpError) {
        toast('error', errorText(error));
        // Submitted elsewhere meanwhile, or already approved: show what the server has.
        if (error.code === 409) onStale();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {start.draftAt !== null && (
        <Alert
          type="info"
          showIcon
          className="authentication-draft"
          message={t('draft.restored', { time: formatDateTime(start.draftAt) })}
          action={
            <Button size="small" onClick={discardDraft}>
              {t('draft.discard')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Suspense fallback={<LoadingState rows={10} />}>
        <SchemaForm
          key={start.generation}
          id={`${definition.name}-form`}
          source={definition}
          text={text}
          mode="create"
          initialData={start.data}
          serverErrors={serverErrors}
          disabled={busy}
          onChange={keepDraft}
          onSubmit={(data) => void submit(data)}
        >
          <Space className="schema-form__buttons">
            <Button type="primary" htmlType="submit" loading={busy}>
              {resubmit ? t('form.resubmit') : t('form.submit')}
            </Button>
          </Space>
        </SchemaForm>
      </Suspense>
    </>
  );
}
