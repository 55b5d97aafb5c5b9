// An account's API keys, managed by its owner in the account centre (issue 30 item 4):
//   GET  /api/api-keys              the keys (never a secret), newest first
//   POST /api/api-keys              {name, role, money?, expiresAt?, + a confirmation when money}:
//                                   a new key; its secret and signing secret are answered this once
//   POST /api/api-keys/:id/revoke   revoked at once: its next request answers 401 apiKeyRevoked
// Only the owner, signed in as a person: a key never reaches these routes (plugins/auth.ts
// KEY_ROUTES), an operator is refused. A key granted money steps is confirmed as a money step is
// (SMS code, payment password or authenticator), so a stolen session alone cannot mint one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { API_KEY_NAME_MAX, type ApiKeyView, type CreatedApiKey } from '../../../shared/apiKeys';
import { OPERATOR_TYPES } from '../../../shared/permissions';
import { confirmBodyProperties, confirmMoneyStep } from '../../confirm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import type { DomainContext } from '../../domain';
import { fieldError, forbidden, notFound } from '../../errors';
import { answers, idParams, obj, str, type JsonSchema } from '../../openapi/kit';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { hashApiKey, newApiKeySecrets } from '../../sessions/apiKeys';
import { countingWrongTries } from '../../sms/codes';

const tags = ['apiKeys'];
const time = (description: string): JsonSchema => ({ type: ['string', 'null'], format: 'date-time', description });
/** ApiKeyView (shared/apiKeys.ts). */
const keyView = obj(
  {
    id: { type: 'string', format: 'uuid' },
    name: str(API_KEY_NAME_MAX),
    role: { type: 'string', enum: [...OPERATOR_TYPES], description: 'The operator type whose grants it acts with' },
    money: { type: 'boolean', description: 'May take money steps (signed requests)' },
    prefix: { type: 'string', description: "The secret's first characters, to tell keys apart" },
    status: { type: 'string', enum: ['active', 'revoked', 'expired'] },
    expiresAt: time('When it stops working; null: never'),
    revokedAt: time('When it was revoked'),
    lastUsedAt: time('Its last request'),
    createdAt: { type: 'string', format: 'date-time' },
  },
  ['id', 'name', 'role', 'money', 'prefix', 'status', 'expiresAt', 'revokedAt', 'lastUsedAt', 'createdAt'],
);
const S = {
  list: {
    tags,
    summary: "The account's API keys (owner): name, operator type, money scope, status, expiry, last use; never a secret",
    response: answers(obj({ records: { type: 'array', items: keyView }, total: { type: 'integer', minimum: 0 } }, ['records', 'total']), 'The keys, newest first'),
  },
  create: {
    tags,
    summary: 'Create an API key (owner); its secret and signing secret are answered once',
    description:
      'The key acts with the grants of `role` (an operator type) through the same access decision as an operator of that type, and never manages keys or operators. With `money`, it may take money steps, each request signed (X-LSF-Timestamp, X-LSF-Signature) in place of an SMS code; creating such a key is confirmed as a money step is.',
    body: obj(
      {
        name: str(API_KEY_NAME_MAX, { minLength: 1, description: 'A name the audit trail shows ("key <name>")' }),
        role: { type: 'string', enum: [...OPERATOR_TYPES], description: 'Operator type whose grants the key acts with' },
        money: { type: 'boolean', description: 'May take money steps (signed requests)' },
        expiresAt: { type: ['string', 'null'], format: 'date-time', description: 'When it stops working (absent: never)' },
        ...confirmBodyProperties,
      },
      ['name', 'role'],
    ),
    response: answers(
      obj(
        {
          key: keyView,
          secret: { type: 'string', pattern: '^lsf_', description: 'Send as Authorization: Bearer <secret> or X-API-Key; shown this once' },
          signingSecret: { type: 'string', description: 'Signs money requests (X-LSF-Signature); shown this once' },
        },
        ['key', 'secret', 'signingSecret'],
      ),
      'The key made, with its secrets this once',
    ),
  },
  revoke: { tags, summary: 'Revoke an API key (owner): refused from its next request on', params: idParams, response: answers(keyView, 'The key, revoked') },
};

type Row = typeof apiKeys.$inferSelect;

export const apiKeyView = (k: Row, now: Date): ApiKeyView => ({
  id: k.id,
  name: k.name,
  role: k.role,
  money: k.money,
  prefix: k.prefix,
  status: k.revokedAt ? 'revoked' : k.expiresAt && k.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active',
  expiresAt: k.expiresAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  createdAt: k.createdAt.toISOString(),
});

/** The account's owner, signed in as a person (not a key, not platform operations). */
export function ownerOnly(req: FastifyRequest) {
  const me = currentUser(req);
  if (!me.isOwner || me.apiKey || me.account.type === 'platform') throw forbidden('machines:errors.ownerOnly');
  return me;
}

export default async function apiKeyRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, clock } = ctx;
  app.addHook('preValidation', app.requireAuth);

  app.get('/api-keys', { schema: S.list }, async (req) => {
    const me = ownerOnly(req);
    const rows = await db.select().from(apiKeys).where(eq(apiKeys.accountId, me.accountId)).orderBy(desc(apiKeys.createdAt));
    const now = clock.now();
    return ok(req, { records: rows.map((k) => apiKeyView(k, now)), total: rows.length });
  });

  app.post('/api-keys', { schema: S.create }, async (req) => {
    const me = ownerOnly(req);
    const body = req.body as { name: string; role: string; money?: boolean; expiresAt?: string | null } & Record<string, unknown>;
    const now = clock.now();
    const name = body.name.trim();
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    const errors: Record<string, string> = {};
    if (!name) errors.name = 'validation:required';
    if (expiresAt && !(expiresAt.getTime() > now.getTime())) errors.expiresAt = 'machines:errors.apiKeyExpiryPast';
    if (Object.keys(errors).length) throw fieldError(errors);
    const secrets = newApiKeySecrets();
    const row = await countingWrongTries(db, () =>
      db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        if (body.money) await confirmMoneyStep(tx, ctx, { user: me, input: body, now });
        const [created] = await tx
          .insert(apiKeys)
          .values({ accountId: me.accountId, name, role: body.role, money: !!body.money, prefix: secrets.prefix, secretHash: hashApiKey(secrets.secret), signingSecret: secrets.signingSecret, expiresAt, createdBy: me.id, createdAt: now })
          .returning();
        return created;
      }),
    );
    const data: CreatedApiKey = { key: apiKeyView(row, now), secret: secrets.secret, signingSecret: secrets.signingSecret };
    return ok(req, data);
  });

  app.post('/api-keys/:id/revoke', { schema: S.revoke }, async (req) => {
    const me = ownerOnly(req);
    const { id } = req.params as { id: string };
    const now = clock.now();
    const [mine] = await db.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, me.accountId)));
    if (!mine) throw notFound();
    const [row] = await db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning();
    return ok(req, apiKeyView(row ?? mine, now));
  });
}
