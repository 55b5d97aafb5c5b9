// Route schemas of counterparty search, the public introduction of an account and the
// mutual-promise service.
import { obj, pageProps, str, uuid } from '../../openapi/kit';

const tags = ['counterparties'];
const platform = { enum: ['lsf', 'xhn', 'szdj', 'jjsk', ''], description: "Platform of the console asking; 'xhn' finds only accounts that opened the mutual-promise service" };

export const counterpartySchemas = {
  search: {
    tags,
    summary: 'Find an approved account to trade with: by a mobile number, a unified social credit code, or part of an enterprise name',
    querystring: obj({ keyword: str(60, { description: 'Mobile number, credit code, or at least 2 characters of an enterprise name' }), platform, ...pageProps }, ['keyword']),
  },
  introduction: { tags, summary: 'The public introduction of an approved account', body: obj({ id: uuid }, ['id']) },
  openMutual: { tags: ['mutual'], summary: "Open the mutual-promise service for the caller's account (owner of an approved account; idempotent)" },
  mutualStatus: { tags: ['mutual'], summary: "Whether the caller's account has opened the mutual-promise service" },
};
