// Route schemas of the platform agreement endpoints.
import { obj, str } from '../../openapi/kit';

const tags = ['agreements'];
const query = obj({ platform: str(16, { description: 'Platform code (default lsf)' }) });

export const agreementSchemas = {
  get: { tags, summary: 'The platform agreement and whether this user accepted it', querystring: query },
  mutual: { tags, summary: 'The mutual variant agreement' },
  confirm: { tags, summary: 'Accept the platform agreement', querystring: query },
};
