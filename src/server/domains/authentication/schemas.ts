// Route schemas of account authentication and its operations review.
import { idParams, obj, pageProps, str } from '../../openapi/kit';

const tags = ['authentication'];

export const authenticationSchemas = {
  form: { tags, summary: 'A form definition (schemas/forms)', params: obj({ name: str(64) }, ['name']) },
  current: { tags, summary: "The account's authentication status and latest submission" },
  submit: {
    tags,
    summary: 'Submit the authentication form of the account type',
    body: obj({ kind: { type: 'string', enum: ['enterprise', 'personal'] }, data: { type: 'object', description: 'The form record (schemas/forms)' } }),
  },
  pChangeE: { tags, summary: 'Turn a personal account into an enterprise account' },
  queue: {
    tags,
    summary: 'Submissions to review (operations)',
    querystring: obj({ ...pageProps, status: { type: 'string', enum: ['submitted', 'approved', 'rejected', ''] } }),
  },
  get: { tags, summary: 'One submission (operations)', params: idParams },
  approve: { tags, summary: 'Approve a submission (operations)', params: idParams },
  reject: { tags, summary: 'Reject a submission with a reason (operations)', params: idParams, body: obj({ reason: str(200) }) },
};
