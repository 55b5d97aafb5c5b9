import { useQuery } from '@tanstack/react-query';
import type { Page, UserInfo } from '../../../shared/api';
import type { FormDefinition } from '../../../shared/resources/types';
import { http } from '../../providers/http';
import { registerLabels } from '../../resources/definitions';

// Enterprise and personal authentication (SPEC §3 forms): the account's status and latest
// submission, the form definitions the server serves, submission, the personal -> enterprise
// change, and the operations review.

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
}

/** A row of the operations queue. */
export interface ReviewRecord extends AuthSubmission {
  accountName: string;
  name: string;
}

export const FORM_OF: Record<AuthKind, string> = { enterprise: 'enterpriseAuth', personal: 'personalAuth' };

export const CURRENT_KEY = ['lsf', 'authentication', 'current'] as const;
const formKey = (name: string) => ['lsf', 'meta', 'forms', name] as const;
export const REVIEW_KEY = ['lsf', 'ops', 'authentications'] as const;

export const getCurrent = () => http.get<CurrentAuthentication>('/system/authentication/current', { silent: true });
export const submitAuthentication = (kind: AuthKind, data: Record<string, unknown>) =>
  http.post<AuthSubmission>('/system/authentication/submit', { kind, data }, { silent: true });
export const changeToEnterprise = () => http.get<UserInfo>('/system/authentication/pChangeE');

export const listReviews = (status: ReviewStatus, pageNo: number, pageSize: number) =>
  http.get<Page<ReviewRecord>>('/ops/authentications', { query: { status, pageNo, pageSize }, silent: true });
export const getReview = (id: string) => http.get<AuthSubmission>(`/ops/authentications/${encodeURIComponent(id)}`, { silent: true });
export const approveReview = (id: string) => http.post<AuthSubmission>(`/ops/authentications/${encodeURIComponent(id)}/approve`, undefined, { silent: true });
export const rejectReview = (id: string, reason: string) =>
  http.post<AuthSubmission>(`/ops/authentications/${encodeURIComponent(id)}/reject`, { reason }, { silent: true });

async function fetchForm(name: string): Promise<FormDefinition> {
  const definition = await http.get<FormDefinition>(`/meta/forms/${encodeURIComponent(name)}`, { silent: true });
  // The form's own labels in both languages, for any part of the console (`res.<name>:title`).
  registerLabels(definition.name, definition.labels);
  return definition;
}

/** A standalone form definition (GET /api/meta/forms/:name); they change only with a deployment. */
export function useFormDefinition(name: string | undefined) {
  return useQuery({
    queryKey: formKey(name ?? ''),
    queryFn: () => fetchForm(name ?? ''),
    enabled: Boolean(name),
    staleTime: 30 * 60_000,
    retry: 1,
  });
}

/** How often a submission under review is asked about again while a page showing it stays open (tabs keep pages alive). */
export const REVIEW_POLL_MS = 60_000;

export function useCurrentAuthentication() {
  return useQuery({
    queryKey: CURRENT_KEY,
    queryFn: getCurrent,
    retry: false,
    refetchInterval: (query) => (query.state.data?.authStatus === 'submitted' ? REVIEW_POLL_MS : false),
  });
}

/** The fields of a stored submission the form asks for again (a resubmission starts from them). */
export function formValuesOf(definition: FormDefinition, data: Record<string, unknown> | undefined): Record<string, unknown> {
  const transient = new Set(definition.transient ?? []);
  return Object.fromEntries(
    Object.entries(data ?? {}).filter(([field, value]) => definition.form.fields.includes(field) && !transient.has(field) && value !== undefined && value !== null),
  );
}
