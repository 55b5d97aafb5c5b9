// Who is calling: resolves the Authorization token to the signed-in user.
// Routes opt in with `preHandler: app.requireAuth`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { defineActor, type Actor } from '../../shared/actor';
import { permissionsForRole, type Action } from '../../shared/permissions';
import { forbidden, unauthorized } from '../errors';
import { phase } from '../phases';
import { openedServices } from '../resources/services';
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
    const user = token ? await phase('auth', () => resolveToken(ctx.db, token, ctx.clock.now())) : null;
    if (!user) throw unauthorized(token ? 'sessionExpired' : 'unauthorized');
    req.user = user;
  });
  app.decorate('requirePermission', (permissionId: string, action: Action) => async (req: FastifyRequest) => {
    await app.requireAuth(req);
    if (!userCan(currentUser(req), permissionId, action)) throw forbidden();
  });
}

const actors = new WeakMap<SessionUser, Actor>();

/**
 * The caller as src/shared/actor.ts describes it, built by the function the console builds it
 * with (from the profile this user's GET /api/user/info answers), once per request.
 */
export function actorOf(user: SessionUser): Actor {
  let actor = actors.get(user);
  if (!actor) {
    actor = defineActor({
      userId: user.id,
      accountId: user.accountId,
      accountType: user.account.type,
      authStatus: user.account.authStatus,
      isOwner: user.isOwner,
      role: user.role,
      grants: permissionsForRole(user.role),
      services: openedServices(user.account),
    });
    actors.set(user, actor);
  }
  return actor;
}

/** The caller's grants allow `action` on `permissionId` (the shared CASL ability). */
export const userCan = (user: SessionUser, permissionId: string, action: Action): boolean => actorOf(user).ability.can(action, permissionId);

/** The user's per-record ability on a resource (src/shared/resources/recordAbility.ts), read per request. */
export const userRecordAbility = (user: SessionUser, def: ResourceDefinition): RecordAbility => defineRecordAbility(def, actorOf(user));

export default fp(authPlugin, { name: 'auth' });
