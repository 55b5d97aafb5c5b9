// Development aids: the SMS outbox and captcha answers, so people and browser tests can sign up;
// running a job's task now; moving a TEST_CLOCK=1 server's clock.
import type { Domain } from '../../domain';
import devRoutes from './routes';

export const dev: Domain = {
  name: 'dev',
  // Never served in production.
  routes: [async (app, ctx) => (ctx.config.production ? undefined : devRoutes(app, ctx))],
};
