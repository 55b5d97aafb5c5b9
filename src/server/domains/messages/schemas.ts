// Route schemas of the message centre.
import { answers, done, nullable, obj, pageProps, record, str, t } from '../../openapi/kit';

const tags = ['messages'];
const ids = obj({ ids: { type: 'array', items: { type: 'string' }, maxItems: 200, description: 'Message ids, 1 to 200' } });

/** A message rendered in the caller's language (shared/api.ts MessageView). */
const message = record({
  id: t.id,
  kind: { type: 'string', description: 'What it is about (welcome, contractSigned, ...)' },
  title: { type: 'string' },
  content: { type: 'string' },
  link: nullable({ type: 'string', description: 'The console page it is about' }),
  createdAt: t.dateTime,
  read: { type: 'boolean' },
});

export const messageSchemas = {
  list: { tags, summary: 'My messages, newest first', description: "Answers a page of the caller's messages, newest first, in the caller's language; unread ones only with read false.", body: obj({ ...pageProps, read: { type: 'boolean', description: 'false: unread only' } }), response: answers(t.page(message), 'A page of messages') },
  detail: { tags, summary: 'One message; reading marks it read', description: 'Answers one of the caller\'s messages and marks it read.', querystring: obj({ id: str(36) }), response: answers(message, 'The message', { 404: 'No such message of the caller' }) },
  notread: { tags, summary: 'Number of unread messages', description: "Answers how many of the caller's messages are unread.", response: answers({ type: 'integer', minimum: 0 }, 'The count') },
  readall: { tags, summary: 'Mark every message read', description: "Marks every message of the caller read. Answers data null.", response: answers(done, 'Marked') },
  batchRead: { tags, summary: 'Mark messages read', description: "Marks the caller's messages of these ids read (others are ignored). Answers data null.", body: ids, response: answers(done, 'Marked') },
  batchDelete: { tags, summary: 'Delete messages', description: "Deletes the caller's messages of these ids (others are ignored). Answers data null.", body: ids, response: answers(done, 'Deleted') },
};
