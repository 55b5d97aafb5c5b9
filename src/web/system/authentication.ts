import { useMemo } from 'react';
import type { UserInfo } from '../../shared/api';
import type { FormDefinition } from '../../shared/resources/types';
import { useSystemCache, useSystemCall, useSystemQuery } from '../refine/systemData';
import { registerLabels } from '../resources/definitions';

// Enterprise and personal authentication (SPEC §3 forms), through refine's `system` provider:
// the account's status and latest submission, the form definitions the server serves,
// submission and the personal -> enterprise change. The operations review reads its queue as
// the `system` list `authenticationReviews` (providers/systemDataProvider.ts).

export type AuthStatus = UserInfo['authStatus'];
export type AuthKind = 'enterprise' | 'personal';
export type ReviewStatus = 'submitted' | 'approved' | 'rejected';

/** One submission as the server keeps it (smsCode and other transient fields are not stored). */
export interface AuthSubmission {
  id: string;
  kind: AuthKind;
  data: Record<string, unknown>;
  status: ReviewStatus;
  reason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
}

/** GET /api/system/authentication/current */
export interface CurrentAuthentication {
  authStatus: AuthStatus;
  /** The form the account fills in, from its type. */
  kind: AuthKind;
  latest: AuthSubmission | null;
  /** What a first submission starts from: the enterprise name given at registration. */
  prefill?: Record<string, unknown>;
}

/** A row of the operations queue. */
export interface ReviewRecord extends AuthSubmission {
  accountName: string;
  name: string;
}

export const FORM_OF: Record<AuthKind, string> = { enterprise: 'enterpriseAuth', personal: 'personalAuth' };

const CURRENT_PATH = '/system/authentication/current';

/** A standalone form definition (GET /api/meta/forms/:name); they change only with a deployment. */
export function useFormDefinition(name: string | undefined) {
  const form = useSystemQuery<FormDefinition>(`/meta/forms/${encodeURIComponent(name ?? '')}`, {
    enabled: Boolean(name),
    staleTime: 30 * 60_000,
    retry: 1,
    silent: true,
  });
  const definition = form.data;
  // The form's own labels in both languages, for any part of the console (`res.<name>:title`),
  // added to i18n before anything renders them (adding a bundle again changes nothing).
  useMemo(() => definition && registerLabels(definition.name, definition.labels), [definition]);
  return form;
}

/** How often a submission under review is asked about again while a page showing it stays open (tabs keep pages alive). */
export const REVIEW_POLL_MS = 60_000;

export function useCurrentAuthentication() {
  return useSystemQuery<CurrentAuthentication>(CURRENT_PATH, {
    silent: true,
    retry: false,
    refetchInterval: (current) => (current?.authStatus === 'submitted' ? REVIEW_POLL_MS : false),
  });
}

/** The account's calls: submitting (its answer is the status the pages show, no re-read) and the change to enterprise. */
export function useAuthenticationCalls() {
  const call = useSystemCall();
  const cache = useSystemCache();
  return useMemo(
    () => ({
      submit: async (kind: AuthKind, data: Record<string, unknown>) => {
        const saved = await call<AuthSubmission>('post', '/system/authentication/submit', { payload: { kind, data }, silent: true });
        void cache.write<CurrentAuthentication>(CURRENT_PATH, { authStatus: 'submitted', kind, latest: saved });
        return saved;
      },
      changeToEnterprise: () => call<UserInfo>('get', '/system/authentication/pChangeE'),
      /** The authentication page may be an open tab showing what it loaded earlier. */
      refreshCurrent: () => cache.refresh(CURRENT_PATH),
    }),
    [call, cache],
  );
}

/** The fields of a stored submission the form asks for again (a resubmission starts from them). */
export function formValuesOf(definition: FormDefinition, data: Record<string, unknown> | undefined): Record<string, unknown> {
  const transient = new Set(definition.transient ?? []);
  return Object.fromEntries(
    Object.entries(data ?? {}).filter(([field, value]) => definition.form.fields.includes(field) && !transient.has(field) && value !== undefined && value !== null),
  );
}
