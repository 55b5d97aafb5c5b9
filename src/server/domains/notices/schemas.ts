// Route schemas of the notices (announcements) endpoints.
import { answers, done, idParams, obj, pageProps, record, str, t, uuid } from '../../openapi/kit';

const tags = ['notices'];
const platform = str(16, { pattern: '^[a-z][a-z0-9]{1,15}$', description: 'Platform code, e.g. lsf' });
const noticeBody = obj({
  noticeTitle: str(100),
  noticeContent: str(50_000, { description: 'HTML; sanitized on save' }),
  platforms: { type: 'array', items: { type: 'string' }, maxItems: 20, description: 'Platform codes, at least one' },
});

/** A notice as answered (shared/api.ts NoticeView). */
const notice = record({
  noticeId: t.id,
  noticeTitle: { type: 'string' },
  noticeContent: { type: 'string', description: 'HTML, sanitized' },
  platforms: t.list({ type: 'string' }),
  status: { type: 'string', enum: ['published', 'withdrawn'] },
  publishedAt: t.dateTime,
  read: { type: 'boolean', description: 'The caller confirmed it as read' },
});

export const noticeSchemas = {
  list: {
    tags,
    summary: 'Notices, newest first (operations staff also see drafts)',
    description: 'Answers a page of notices, newest first, of one platform or all, each with whether the caller has read it; operations staff see withdrawn ones too.',
    body: obj({ ...pageProps, platform: str(16) }),
    response: answers(t.page(notice), 'A page of notices'),
  },
  unread: {
    tags,
    summary: 'Published notices this user has not confirmed, oldest first',
    description: 'Answers the published notices of a platform the caller has not confirmed as read, oldest first: what the console shows after sign-in.',
    querystring: obj({ platform }, ['platform']),
    response: answers(t.list(notice), 'The unread notices'),
  },
  readed: { tags, summary: 'Confirm a notice as read', description: 'Records that the caller has read a notice. Answers data null.', querystring: obj({ noticeId: uuid }, ['noticeId']), response: answers(done, 'Confirmed', { 404: 'No such notice' }) },
  get: { tags, summary: 'One notice', description: 'Answers one notice with whether the caller has read it.', params: idParams, response: answers(notice, 'The notice') },
  create: { tags, summary: 'Publish a notice (operations)', description: 'Publishes a notice to the platforms given; its HTML is sanitized. Platform operations only. Answers the notice.', body: noticeBody, response: answers(notice, 'Published') },
  update: { tags, summary: 'Edit a notice (operations)', description: 'Changes the title, content and platforms of a notice. Platform operations only. Answers the notice.', params: idParams, body: noticeBody, response: answers(notice, 'Changed') },
  remove: { tags, summary: 'Delete a notice (operations)', description: 'Deletes a notice. Platform operations only. Answers data null.', params: idParams, response: answers(done, 'Deleted') },
};
