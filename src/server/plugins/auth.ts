// Who is calling: resolves the Authorization token to the signed-in user.
// Routes opt in with `preHandler: app.requireAuth`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { permissionsForRole } from '../../shared/permissions';
import { forbidden, unauthorized } from '../errors';
import { resolveToken, tokenFromHeader, type SessionUser } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    requireAuth: (req: FastifyRequest) => Promise<void>;
    /** preHandler: signed in and the role grants `action` on `permissionId`, else 401/403. */
    requirePermission: (permissionId: string, action: string) => (req: FastifyRequest) => Promise<void>;
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
  app.decorate('requirePermission', (permissionId: string, action: string) => async (req: FastifyRequest) => {
    await app.requireAuth(req);
    if (!userCan(currentUser(req), permissionId, action)) throw forbidden();
  });
}

export function userCan(user: SessionUser, permissionId: string, action: string): boolean {
  return permissionsForRole(user.role).some((p) => p.permissionId === permissionId && p.actionEntitySet.some((a) => a.action === action));
}

export default fp(authPlugin, { name: 'auth' });
