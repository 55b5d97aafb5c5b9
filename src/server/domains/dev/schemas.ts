// Route schema of the development outbox (never registered in production).
import { obj, str } from '../../openapi/kit';

export const devSchemas = {
  outbox: { tags: ['dev'], summary: 'SMS codes and captcha answers sent lately (development only)', querystring: obj({ phone: str(32) }) },
};
