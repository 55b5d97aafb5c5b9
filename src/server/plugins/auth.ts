// Who is calling: resolves the Authorization token to the signed-in user.
// Routes opt in with `preHandler: app.requireAuth`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';
import { resolveToken, tokenFromHeader, type SessionUser } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    requireAuth: (req: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user; only call after requireAuth. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

async function authPlugin(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorate('requireAuth', async (req: FastifyRequest) => {
    const token = tokenFromHeader(req.headers.authorization);
    const user = token ? await resolveToken(ctx.db, token, ctx.clock.now()) : null;
    if (!user) throw unauthorized(token ? 'sessionExpired' : 'unauthorized');
    req.user = user;
  });
}

export default fp(authPlugin, { name: 'auth' });
