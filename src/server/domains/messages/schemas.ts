// Route schemas of the message centre.
import { obj, pageProps, str } from '../../openapi/kit';

const tags = ['messages'];
const ids = obj({ ids: { type: 'array', items: { type: 'string' }, maxItems: 200, description: 'Message ids, 1 to 200' } });

export const messageSchemas = {
  list: { tags, summary: 'My messages, newest first', body: obj({ ...pageProps, read: { type: 'boolean', description: 'false: unread only' } }) },
  detail: { tags, summary: 'One message; reading marks it read', querystring: obj({ id: str(36) }) },
  notread: { tags, summary: 'Number of unread messages' },
  readall: { tags, summary: 'Mark every message read' },
  batchRead: { tags, summary: 'Mark messages read', body: ids },
  batchDelete: { tags, summary: 'Delete messages', body: ids },
};
