// Route schemas of the development aids (never registered in production).
import { answers, obj, record, str, t } from '../../openapi/kit';

const tags = ['dev'];

export const devSchemas = {
  outbox: {
    tags,
    security: [],
    summary: 'SMS codes and captcha answers sent lately (development only)',
    description: 'Answers the SMS codes sent lately (of one phone, or all) and the answers of recent captchas, for tests and local use; absent in production.',
    querystring: obj({ phone: str(32) }),
    response: answers(
      record({
        sms: t.list(record({ phone: { type: 'string' }, code: { type: 'string' }, scene: { type: 'string' }, sentAt: t.dateTime })),
        captcha: t.list(record({ uuid: t.id, answer: { type: 'string' } })),
      }),
      'The outbox',
    ),
  },
  task: {
    tags,
    security: [],
    summary: "Run a job's task now, as of the server clock (development only)",
    description: "Runs a job's task (<domain>.<job>) now, as of the server clock, and answers what it did; absent in production.",
    params: obj({ name: str(64, { pattern: '^[a-zA-Z]+\\.[a-zA-Z]+$' }) }, ['name']),
    response: answers(obj({ name: { type: 'string' }, result: { description: 'What the task answered (a count, whether it ran)' } }, ['name']), 'Done', { 404: 'No such task' }),
  },
  clock: {
    tags,
    security: [],
    summary: 'Move the server clock forward (only with TEST_CLOCK=1)',
    description: 'Moves the server clock forward by advanceMs; only on a server started with TEST_CLOCK=1. Answers the new time.',
    body: obj({ advanceMs: { type: 'integer', minimum: 0, maximum: 10 * 365 * 86_400_000 } }, ['advanceMs']),
    response: answers(record({ now: t.dateTime }), 'Moved'),
  },
};
