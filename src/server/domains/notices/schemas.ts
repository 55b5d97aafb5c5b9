// Route schemas of the notices (announcements) endpoints.
import { idParams, obj, pageProps, str, uuid } from '../../openapi/kit';

const tags = ['notices'];
const platform = str(16, { pattern: '^[a-z][a-z0-9]{1,15}$', description: 'Platform code, e.g. lsf' });
const noticeBody = obj({
  noticeTitle: str(100),
  noticeContent: str(50_000, { description: 'HTML; sanitized on save' }),
  platforms: { type: 'array', items: { type: 'string' }, maxItems: 20, description: 'Platform codes, at least one' },
});

export const noticeSchemas = {
  list: { tags, summary: 'Notices, newest first (operations staff also see drafts)', body: obj({ ...pageProps, platform: str(16) }) },
  unread: { tags, summary: 'Published notices this user has not confirmed, oldest first', querystring: obj({ platform }, ['platform']) },
  readed: { tags, summary: 'Confirm a notice as read', querystring: obj({ noticeId: uuid }, ['noticeId']) },
  get: { tags, summary: 'One notice', params: idParams },
  create: { tags, summary: 'Publish a notice (operations)', body: noticeBody },
  update: { tags, summary: 'Edit a notice (operations)', params: idParams, body: noticeBody },
  remove: { tags, summary: 'Delete a notice (operations)', params: idParams },
};
