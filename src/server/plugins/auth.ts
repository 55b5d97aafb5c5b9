// Who is calling: resolves the Authorization token to the signed-in user.
// Routes opt in with `preHandler: app.requireAuth`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { defineAbilityFor } from '../../shared/ability';
import { permissionsForUser } from '../../shared/permissions';
import type { Action } from '../../shared/permissions';
import { forbidden, unauthorized } from '../errors';
import { resolveToken, tokenFromHeader, type SessionUser } from '../sessions/tokens';
import { defineRecordAbility, type RecordAbility } from '../../shared/resources/recordAbility';
import type { ResourceDefinition } from '../../shared/resources/types';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    requireAuth: (req: FastifyRequest) => Promise<void>;
    /** preHandler: signed in and the role grants `action` on `permissionId`, else 401/403. */
    requirePermission: (permissionId: string, action: Action) => (req: FastifyRequest) => Promise<void>;
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
  app.decorate('requirePermission', (permissionId: string, action: Action) => async (req: FastifyRequest) => {
    await app.requireAuth(req);
    if (!userCan(currentUser(req), permissionId, action)) throw forbidden();
  });
}

/** The user's account counts as approved (platform staff always do). */
const effectiveAuthStatus = (user: SessionUser) => (user.account.type === 'platform' ? 'approved' : user.account.authStatus);

/**
 * The same CASL ability the console builds from the profile decides here: the role's grants,
 * with trading actions withheld until the account's authentication is approved. Operations
 * staff belong to the platform account, which is not authenticated and does not trade.
 */
export const userCan = (user: SessionUser, permissionId: string, action: Action): boolean =>
  defineAbilityFor(permissionsForUser(user.role, effectiveAuthStatus(user))).can(action, permissionId);

/** The user's per-record ability on a resource (src/shared/resources/recordAbility.ts), read per request. */
export const userRecordAbility = (user: SessionUser, def: ResourceDefinition): RecordAbility =>
  defineRecordAbility(def, {
    accountId: user.accountId,
    permissions: permissionsForUser(user.role, effectiveAuthStatus(user)),
    approved: effectiveAuthStatus(user) === 'approved',
  });

export default fp(authPlugin, { name: 'auth' });
