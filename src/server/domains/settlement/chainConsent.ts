// An account's consent to chains (DESIGN §9, issue 31 item 4), kept beside its mutual-service
// agreement (accounts.mutual_chains_at next to mutual_opened_at):
//   GET /api/settlement/chain-consent   whether the caller's account allows them, and since when
//   PUT /api/settlement/chain-consent   its owner allows ({allowed: true}) or withdraws them
// Allowed, a clearing run may pass bills on through the account and to it along chains
// (clearingChains.ts): a bill it holds goes on to its creditor in payment of what it owes, and it
// may receive a part of a bill instead of its debtor's payment. Not allowed (the default, and
// until the owner says so), runs only clear its bills in cycles.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts } from '../../db/schema';
import type { DomainContext } from '../../domain';
import { conflict, forbidden } from '../../errors';
import { answers, nullable, obj, record, t } from '../../openapi/kit';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

const consent = record({
  allowed: { type: 'boolean', description: 'Clearing runs may pass bills on along chains through this account' },
  allowedAt: nullable({ ...t.dateTime, description: 'Since when (null: not allowed)' }),
});

const view = (at: Date | null) => ({ allowed: at !== null, allowedAt: at ? at.toISOString() : null });

export default async function chainConsentRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, clock } = ctx;
  app.get(
    '/settlement/chain-consent',
    {
      schema: {
        tags: ['settlement'],
        summary: "Whether the caller's account allows clearing runs to pass bills on along chains",
        description: 'Answers whether mutual netting may pass bills on along chains through the caller’s account (its mutual-service agreement), and since when.',
        response: answers(consent, 'The consent'),
      },
      preValidation: app.requireAuth,
    },
    async (req) => {
      const [row] = await db.select({ at: accounts.mutualChainsAt }).from(accounts).where(eq(accounts.id, currentUser(req).accountId));
      return ok(req, view(row?.at ?? null));
    },
  );

  app.put(
    '/settlement/chain-consent',
    {
      schema: {
        tags: ['settlement'],
        summary: 'Allow or withdraw chains through the account (its owner; the mutual service opened first)',
        description: 'The account’s owner allows clearing runs to pass bills on along chains through the account, or withdraws that; the mutual service must be open. Answers the consent as it now is.',
        body: obj({ allowed: { type: 'boolean' } }, ['allowed']),
        response: answers(consent, 'The consent', { 403: 'Not the owner of an enterprise or personal account', 409: 'The mutual service is not open' }),
      },
      preValidation: app.requireAuth,
    },
    async (req) => {
      const me = currentUser(req);
      if (me.account.type === 'platform' || !me.isOwner) throw forbidden('errors:ownerOnly');
      const { allowed } = req.body as { allowed: boolean };
      const [row] = await db.select({ opened: accounts.mutualOpenedAt, at: accounts.mutualChainsAt }).from(accounts).where(eq(accounts.id, me.accountId));
      if (!row?.opened) throw conflict('api:chainsMutualFirst');
      // Allowing again keeps the first time; withdrawing clears it.
      if (allowed === (row.at !== null)) return ok(req, view(row.at));
      const at = allowed ? clock.now() : null;
      await db.update(accounts).set({ mutualChainsAt: at, updatedAt: clock.now() }).where(eq(accounts.id, me.accountId));
      return ok(req, view(at));
    },
  );
}
