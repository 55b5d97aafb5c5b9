// Route schemas of the platform agreement endpoints.
import { answers, nullable, obj, record, str, t, type JsonSchema } from '../../openapi/kit';

const tags = ['agreements'];
const query = obj({ platform: str(16, { description: 'Platform code (default lsf)' }) });
/** Headed sections of an agreement's text, in the caller's language. */
export const sections: JsonSchema = t.list(record({ heading: { type: 'string' }, body: { type: 'string' } }));
/** A platform agreement and the caller's consent (shared/api.ts AgreementView). */
const agreement = record({
  platform: { type: 'string' },
  version: { type: 'string' },
  agreed: { type: 'boolean', description: 'The caller accepted this version' },
  agreedAt: nullable(t.dateTime),
  title: { type: 'string' },
  sections,
});

export const agreementSchemas = {
  get: {
    tags,
    summary: 'The platform agreement and whether this user accepted it',
    description: "Answers the current version of a platform's agreement in the caller's language, and whether and when the caller accepted it.",
    querystring: query,
    response: answers(agreement, 'The agreement'),
  },
  mutual: { tags, summary: 'The mutual variant agreement', description: 'Answers the agreement of the mutual-promise platform (xhn) and whether the caller accepted it.', response: answers(agreement, 'The agreement') },
  confirm: {
    tags,
    summary: 'Accept the platform agreement',
    description: "Records that the caller accepts the current version of a platform's agreement. Answers the agreement with the consent.",
    querystring: query,
    response: answers(agreement, 'Accepted'),
  },
};
