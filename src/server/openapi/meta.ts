// Route schemas of the server's own public routes (app.ts): liveness and the console origins.
import { answers, record } from './kit';

const tags = ['meta'];

export const META_SCHEMAS = {
  health: {
    tags,
    security: [],
    summary: 'Liveness and database kind',
    description: 'Answers while the server runs, with the kind of database it serves from (an embedded PGlite or PostgreSQL).',
    response: answers(record({ status: { type: 'string', const: 'ok' }, db: { type: 'string', enum: ['pglite', 'postgres'] } }), 'Running'),
  },
  origins: {
    tags,
    security: [],
    summary: 'Console origins per variant',
    description: 'Answers the origin (scheme, host and port) of each variant console this process serves, by variant name; empty when it serves one.',
    response: answers({ type: 'object', additionalProperties: { type: 'string' } }, 'The origins'),
  },
};
