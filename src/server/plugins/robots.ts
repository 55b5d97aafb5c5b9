// GET /robots.txt: crawlers may index the pages a visitor sees before signing in that say what
// the service is (the landing page, sign-in, registration), each exactly (no query string), and
// nothing else: every other console path is behind sign-in or names someone's records (a receipt
// check's link carries a transfer's number), and the API is for clients, not crawlers.
// Without this route the console's history fallback answered the SPA's HTML here.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routePath } from '../resources/consolePaths';

/** Menu keys (schemas/menu.json) of the pages crawlers may index; their paths follow the menu. */
export const CRAWLABLE_PAGES = ['landing', 'login', 'sign'] as const;

/** The robots.txt text for the console's current menu. */
export function robotsTxt(): string {
  const allowed = CRAWLABLE_PAGES.map(routePath).filter((p): p is string => !!p);
  return ['User-agent: *', ...allowed.map((p) => `Allow: ${p}$`), 'Disallow: /', ''].join('\n');
}

async function robotsPlugin(app: FastifyInstance) {
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt()),
  );
}

export default fp(robotsPlugin, { name: 'robots' });
