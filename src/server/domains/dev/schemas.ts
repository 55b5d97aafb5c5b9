// Route schemas of the development aids (never registered in production).
import { obj, str } from '../../openapi/kit';

export const devSchemas = {
  outbox: { tags: ['dev'], summary: 'SMS codes and captcha answers sent lately (development only)', querystring: obj({ phone: str(32) }) },
  task: { tags: ['dev'], summary: 'Run a job\'s task now, as of the server clock (development only)', params: obj({ name: str(64, { pattern: '^[a-zA-Z]+\\.[a-zA-Z]+$' }) }, ['name']) },
  clock: { tags: ['dev'], summary: 'Move the server clock forward (only with TEST_CLOCK=1)', body: obj({ advanceMs: { type: 'integer', minimum: 0, maximum: 10 * 365 * 86_400_000 } }, ['advanceMs']) },
};
