// Who is calling: resolves the Authorization token to the signed-in user, or an API key
// (`Authorization: Bearer lsf_...` or `X-API-Key`) to the caller it stands for
// (sessions/apiKeys.ts): the account's owner acting with the key's operator type, marked as the
// key. Routes opt in with `preHandler: app.requireAuth`. A key is resolved as the request
// arrives: refused (401 with data.reason: unknown, revoked, expired) on any route, counted in its
// own rate-limit bucket, and let only onto the routes a machine may use (KEY_ROUTES); a request it
// signed (X-LSF-Signature) has its body hashed as it is read and the signature checked and spent
// (confirm/requestSignature.ts) before its handler, so a money step can take it in place of an SMS code.
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { keyMayCallRoute } from '../sessions/keyRoutes';
import { keyRefused, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyRequestSignature } from '../confirm/requestSignature';
import type { AppContext } from '../context';
import { defineActor, type Actor } from '../../shared/actor';
import { permissionsForRole, type Action } from '../../shared/permissions';
import { forbidden, unauthorized } from '../errors';
import { phase } from '../phases';
import { openedServices } from '../resources/services';
import { resolveToken, tokenFromHeader, type SessionUser } from '../sessions/tokens';
import { apiKeyFromHeaders, resolveApiKey } from '../sessions/apiKeys';
import type { Mover } from '../resources/events';
import { countApiKeyRequest } from './rateLimit';
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

const keyMayCall = (req: FastifyRequest) => keyMayCallRoute(req.routeOptions.url ?? '');

/** The hex SHA-256 of a signed request's body, computed while it is parsed (preParsing). */
const bodyHashes = new WeakMap<FastifyRequest, ReturnType<typeof createHash>>();
const EMPTY_SHA256 = createHash('sha256').digest('hex');

async function authPlugin(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req, reply) => {
    const secret = apiKeyFromHeaders(req.headers);
    if (!secret || !req.url.startsWith('/api/')) return;
    const now = ctx.clock.now();
    const found = await phase('auth', () => resolveApiKey(ctx.db, secret, now));
    if ('refused' in found) throw keyRefused(found.refused);
    if (!keyMayCall(req)) throw keyRefused('apiKeyRouteNotAllowed', 403);
    await countApiKeyRequest(ctx.db, ctx.config.rateLimits.apiKey, found.user.apiKey.id, now, reply);
    req.user = found.user;
  });
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (!req.user?.apiKey || req.headers[SIGNATURE_HEADER] === undefined) return payload;
    const hash = createHash('sha256');
    bodyHashes.set(req, hash);
    let bytes = 0;
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        (tee as unknown as { receivedEncodedLength: number }).receivedEncodedLength = bytes;
        done(null, chunk);
      },
    });
    return payload.pipe(tee);
  });
  app.decorate('requireAuth', async (req: FastifyRequest) => {
    const key = req.user?.apiKey;
    if (key) {
      // Signed: checked and spent once per request, whatever the route then asks of it.
      if (!key.signed && req.headers[SIGNATURE_HEADER] !== undefined) {
        const hash = bodyHashes.get(req);
        const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
        await verifyRequestSignature(ctx.db, key, { method: req.method, url: req.url, timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER), bodySha256: hash ? hash.digest('hex') : EMPTY_SHA256 }, ctx.clock.now());
        key.signed = true;
      }
      return;
    }
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
      // A key never manages the account's people (its operator type may read them).
      grants: user.apiKey ? permissionsForRole(user.role).filter((g) => g.permissionId !== 'operators') : permissionsForRole(user.role),
      services: openedServices(user.account),
    });
    actors.set(user, actor);
  }
  return actor;
}

/** Who moves a record on this caller's request: the user, and the API key it came with. */
export const moverOf = (user: SessionUser): Mover => ({ userId: user.id, accountId: user.accountId, ...(user.apiKey ? { apiKeyId: user.apiKey.id } : {}) });

/** The caller's grants allow `action` on `permissionId` (the shared CASL ability). */
export const userCan = (user: SessionUser, permissionId: string, action: Action): boolean => actorOf(user).ability.can(action, permissionId);

/** The user's per-record ability on a resource (src/shared/resources/recordAbility.ts), read per request. */
export const userRecordAbility = (user: SessionUser, def: ResourceDefinition): RecordAbility => defineRecordAbility(def, actorOf(user));

export default fp(authPlugin, { name: 'auth' });
