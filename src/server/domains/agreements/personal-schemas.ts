// Route schemas of the personal agreement endpoints.
import { obj, pageProps, str } from '../../openapi/kit';

const tags = ['agreements'];

export const personalSchemas = {
  list: { tags, summary: 'Agreements the users of this account accepted, newest first', body: obj({ ...pageProps, platform: str(16, { description: 'Only this platform (mutual variant)' }) }) },
  one: { tags, summary: 'One agreement document by id', params: obj({ id: str(64, { pattern: '^[a-z0-9.-]+$' }) }, ['id']) },
  index: { tags, summary: 'The current agreement of each platform and whether this user accepted it' },
  history: { tags, summary: 'Historical settlement rules, newest first', body: obj({ ...pageProps }) },
  demo: { tags, summary: 'The example settlement terms' },
  service: { tags, summary: 'The trade contract service agreement in effect (/contractUpdate/serviceAgreement)' },
};
