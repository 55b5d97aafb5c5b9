// Route schemas of counterparty search, the public introduction of an account and the
// mutual-promise service.
import { answers, nullable, obj, pageProps, record, str, t, uuid } from '../../openapi/kit';

const tags = ['counterparties'];
const platform = { enum: ['lsf', 'xhn', 'szdj', 'jjsk', ''], description: "Platform of the console asking; 'xhn' finds only accounts that opened the mutual-promise service" };

/** An approved account as others see it (shared/counterparties.ts CounterpartyView). */
const counterparty = record({
  id: t.id,
  type: { type: 'string', enum: ['enterprise', 'personal'] },
  name: { type: 'string', description: "An enterprise's registered name; a person's masked to its first character" },
  creditCode: nullable({ type: 'string', format: 'uscc' }),
  industry: nullable({ type: 'string', description: 'GB/T 4754 division code' }),
  region: { type: 'array', items: { type: 'string' }, description: 'Province and city codes' },
  authenticatedAt: nullable(t.dateTime),
  mutualOpened: { type: 'boolean', description: 'It opened the mutual-promise service' },
});
const mutual = record({ opened: { type: 'boolean' }, openedAt: nullable(t.dateTime) });

export const counterpartySchemas = {
  search: {
    tags,
    summary: 'Find an approved account to trade with: by a mobile number, a unified social credit code, or part of an enterprise name',
    description: 'Answers a page of approved accounts other than the caller\'s matching the keyword (a mobile number or credit code exactly, an enterprise name in part), by name.',
    querystring: obj({ keyword: str(60, { description: 'Mobile number, credit code, or at least 2 characters of an enterprise name' }), platform, ...pageProps }, ['keyword']),
    response: answers(t.page(counterparty), 'A page of accounts'),
  },
  introduction: {
    tags,
    summary: 'The public introduction of an approved account',
    description: 'Answers what any trader may know of an approved account: its name, credit code, industry, region and since when it is authenticated.',
    body: obj({ id: uuid }, ['id']),
    response: answers(counterparty, 'The account', { 404: 'No such approved account' }),
  },
  openMutual: {
    tags: ['mutual'],
    summary: "Open the mutual-promise service for the caller's account (owner of an approved account; idempotent)",
    description: "Opens the mutual-promise service for the caller's approved account (owner only); opening it again changes nothing. Answers since when it is open.",
    response: answers(mutual, 'Open'),
  },
  mutualStatus: { tags: ['mutual'], summary: "Whether the caller's account has opened the mutual-promise service", description: "Answers whether and since when the caller's account has opened the mutual-promise service.", response: answers(mutual, 'The status') },
};
