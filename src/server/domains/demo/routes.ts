// GET /api/meta/demo: the demo logins, so the login page can list them. Empty unless the server
// runs with --demo (never in production: those passwords are public).
import type { FastifyInstance } from 'fastify';
import type { DemoLoginsResponse } from '../../../shared/api';
import type { AppContext } from '../../context';
import { answers, obj, record } from '../../openapi/kit';
import { ok } from '../../plugins/envelope';
import { demoLogins } from './logins';

const login = obj(
  {
    role: { type: 'string', description: 'buyer, seller, personal, purchaser, finance, viewer, sellerOperator or ops' },
    phone: { type: 'string' },
    password: { type: 'string', description: 'Absent for operations configured with ADMIN_PHONE/ADMIN_PASSWORD' },
    paymentPassword: { type: 'string', description: 'The payment password of its money steps; absent for operations' },
    name: { type: 'string' },
  },
  ['role', 'phone', 'name'],
);
const schema = {
  tags: ['meta'],
  security: [],
  summary: 'Demo logins (only when the server runs with --demo; empty otherwise)',
  description: 'Answers the sign-ins of the demo world for the login page to list, only when the server runs with --demo outside production; an empty list otherwise.',
  response: answers(record({ logins: { type: 'array', items: login } }), 'The demo logins'),
};

export default async function demoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/meta/demo', { schema }, async (req) => {
    const data: DemoLoginsResponse = { logins: ctx.config.demo && !ctx.config.production ? demoLogins(ctx.config) : [] };
    return ok(req, data);
  });
}
