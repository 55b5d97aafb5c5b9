// GET /api/meta/demo: the demo logins, so the login page can list them. Empty unless the server
// runs with --demo (never in production: those passwords are public).
import type { FastifyInstance } from 'fastify';
import type { DemoLoginsResponse } from '../../../shared/api';
import type { AppContext } from '../../context';
import { ok } from '../../plugins/envelope';
import { demoLogins } from './logins';

const schema = { tags: ['meta'], summary: 'Demo logins (only when the server runs with --demo; empty otherwise)' };

export default async function demoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/meta/demo', { schema }, async (req) => {
    const data: DemoLoginsResponse = { logins: ctx.config.demo && !ctx.config.production ? demoLogins(ctx.config) : [] };
    return ok(req, data);
  });
}
