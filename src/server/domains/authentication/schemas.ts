// Route schemas of account authentication and its operations review. The submitted form's body
// is checked by the handler with the form file the console renders (schemas/forms, the
// CompiledForm of the registry); the document shows that same form as the body (`bodyInDocument`,
// openapi/index.ts), so a client reads the fields, formats and required list the server checks.
import type { CompiledForm } from '../../resources/registry';
import { answers, idParams, nullable, obj, pageProps, record, str, t, type JsonSchema } from '../../openapi/kit';
import { userInfo } from '../users/schemas';

const tags = ['authentication'];
/** The form file of each account type. */
export const FORM_OF = { enterprise: 'enterpriseAuth', personal: 'personalAuth' } as const;
const AUTH_STATUS = { type: 'string', enum: ['unverified', 'submitted', 'approved', 'rejected'] };

/** One submission and its review (shared/api.ts AuthenticationView). */
const submission = record({
  id: t.id,
  kind: { type: 'string', enum: ['enterprise', 'personal'] },
  data: { type: 'object', description: "The form record as submitted (schemas/forms/enterpriseAuth.json or personalAuth.json), without the form's transient fields (the SMS code)" },
  status: { type: 'string', enum: ['submitted', 'approved', 'rejected'] },
  reason: nullable({ type: 'string', description: 'Why it was rejected' }),
  submittedAt: t.dateTime,
  reviewedAt: nullable(t.dateTime),
});
const reviewed = { 409: 'The submission was reviewed already' };

/** The submit body of each account type, from its form file. */
function submitBody(forms: ReadonlyMap<string, CompiledForm>): JsonSchema {
  const kinds = Object.entries(FORM_OF).filter(([, name]) => forms.has(name));
  return {
    oneOf: kinds.map(([kind, name]) =>
      obj({ kind: { type: 'string', const: kind }, data: { ...(forms.get(name)!.def.record as unknown as JsonSchema), description: `The ${kind} form (schemas/forms/${name}.json)` } }, ['kind', 'data']),
    ),
  };
}

export const authenticationSchemas = {
  form: {
    tags,
    summary: 'A form definition (schemas/forms)',
    description: 'Answers a form file of schemas/forms as the console renders it: its record schema (fields, formats, required), layout and labels in both languages.',
    params: obj({ name: str(64) }, ['name']),
    response: answers(
      {
        type: 'object',
        required: ['name', 'record'],
        properties: { name: { type: 'string' }, record: { type: 'object', description: 'The JSON Schema of the form record' } },
        // The whole file: its other keys (form layout, show, transient, labels) are those of schemas/meta/form.schema.json.
        additionalProperties: true,
      },
      'The form',
      { 404: 'No such form' },
    ),
  },
  current: {
    tags,
    summary: "The account's authentication status and latest submission",
    description: "Answers the account's authentication status, the form kind it fills (enterprise or personal), its latest submission (to pre-fill a resubmission) and what registration already told (the enterprise name).",
    response: answers(
      record({ authStatus: AUTH_STATUS, kind: { type: 'string', enum: ['enterprise', 'personal'] }, latest: nullable(submission), prefill: obj({ name: { type: 'string' } }) }),
      'The status',
    ),
  },
  submit: (forms: ReadonlyMap<string, CompiledForm>) => ({
    tags,
    summary: 'Submit the authentication form of the account type',
    description:
      "Submits the account's authentication (owner only): the form of its type, checked as the form file says, with the legal representative's phone proved by an SMS code for an enterprise. " +
      'Operations then approve or reject it. Answers the submission.',
    body: obj({ kind: { type: 'string', enum: ['enterprise', 'personal'] }, data: { type: 'object', description: 'The form record (schemas/forms)' } }),
    bodyInDocument: submitBody(forms),
    response: answers(submission, 'Submitted', { 409: 'A submission is waiting for review, or the account is approved already' }),
  }),
  pChangeE: {
    tags,
    summary: 'Turn a personal account into an enterprise account',
    description: 'Turns the personal account of the caller into an enterprise account, to authenticate as an enterprise next. Answers the user and account as now.',
    response: answers(userInfo, 'Changed', { 409: 'The account is an enterprise already or its authentication is waiting for review' }),
  },
  queue: {
    tags,
    summary: 'Submissions to review (operations)',
    description: 'Answers a page of authentication submissions, newest first, of one status or all, with the account and the name submitted. Platform operations only.',
    querystring: obj({ ...pageProps, status: { type: 'string', enum: ['submitted', 'approved', 'rejected', ''] } }),
    response: answers(
      t.page({ ...submission, properties: { ...(submission.properties as object), accountName: { type: 'string' }, name: { type: 'string' } }, required: [...(submission.required as string[]), 'accountName', 'name'] }),
      'A page of submissions',
    ),
  },
  get: { tags, summary: 'One submission (operations)', description: 'Answers one authentication submission with its review. Platform operations only.', params: idParams, response: answers(submission, 'The submission') },
  approve: {
    tags,
    summary: 'Approve a submission (operations)',
    description: 'Approves a submission: the account is authenticated and may trade. Platform operations only. Answers the submission reviewed.',
    params: idParams,
    response: answers(submission, 'Approved', reviewed),
  },
  reject: {
    tags,
    summary: 'Reject a submission with a reason (operations)',
    description: 'Rejects a submission with the reason the account is shown; it may submit again. Platform operations only. Answers the submission reviewed.',
    params: idParams,
    body: obj({ reason: str(200) }),
    response: answers(submission, 'Rejected', reviewed),
  },
};
