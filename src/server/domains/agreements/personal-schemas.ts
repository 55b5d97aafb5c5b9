// Route schemas of the personal agreement endpoints.
import { answers, obj, pageProps, record, str, t } from '../../openapi/kit';
import { sections } from './schemas';

const tags = ['agreements'];
/** A versioned agreement document (shared/api.ts AgreementDocumentView). */
const documentView = record({
  id: { type: 'string' },
  platform: { type: 'string' },
  version: { type: 'string' },
  kind: { type: 'string', enum: ['platform', 'rules', 'demo', 'service'] },
  effectiveFrom: { type: 'string', description: 'The day it took effect' },
  title: { type: 'string' },
  sections,
});

export const personalSchemas = {
  list: {
    tags,
    summary: 'Agreements the users of this account accepted, newest first',
    description: 'Answers a page of the agreements the users of the caller\'s account accepted, newest first, with who accepted and when.',
    body: obj({ ...pageProps, platform: str(16, { description: 'Only this platform (mutual variant)' }) }),
    response: answers(t.page(record({ id: { type: 'string' }, platform: { type: 'string' }, version: { type: 'string' }, title: { type: 'string' }, agreedAt: t.dateTime, agreedBy: { type: 'string' } })), 'A page of agreements'),
  },
  one: {
    tags,
    summary: 'One agreement document by id',
    description: "Answers one agreement document (a platform agreement's version, settlement rules, the example terms) in the caller's language.",
    params: obj({ id: str(64, { pattern: '^[a-z0-9.-]+$' }) }, ['id']),
    response: answers(documentView, 'The document'),
  },
  index: {
    tags,
    summary: 'The current agreement of each platform and whether this user accepted it',
    description: "Answers the current agreement of every platform in the caller's language, each with whether the caller accepted it.",
    response: answers(t.list({ ...documentView, properties: { ...(documentView.properties as object), agreed: { type: 'boolean' } }, required: [...(documentView.required as string[]), 'agreed'] }), 'The agreements'),
  },
  history: { tags, summary: 'Historical settlement rules, newest first', description: 'Answers a page of the settlement rules in effect over time, newest first.', body: obj({ ...pageProps }), response: answers(t.page(documentView), 'A page of rules') },
  demo: { tags, summary: 'The example settlement terms', description: 'Answers the example settlement terms shown before a first trade.', response: answers(documentView, 'The terms', { 404: 'No example terms are configured' }) },
  service: {
    tags,
    summary: 'The trade contract service agreement in effect (/contractUpdate/serviceAgreement)',
    description: 'Answers the trade contract service agreement in effect now.',
    response: answers(documentView, 'The agreement', { 404: 'No service agreement is configured' }),
  },
};
