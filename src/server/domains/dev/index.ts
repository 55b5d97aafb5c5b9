// Development aid: the SMS outbox and captcha answers, so people and browser tests can sign up.
import type { Domain } from '../../domain';
import devRoutes from './routes';

export const dev: Domain = {
  name: 'dev',
  // Never served in production.
  routes: [async (app, ctx) => (ctx.config.production ? undefined : devRoutes(app, ctx))],
};
