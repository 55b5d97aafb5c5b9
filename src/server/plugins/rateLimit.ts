// Per-client limits of the public endpoints (issue 20; docs/decisions.md "Rate limits"), on
// @fastify/rate-limit with a store over our database. A route names its rule in its options,
// `config: { rateLimit: { rule: 'login' } }`; every request to it counts against (rule, client
// address) in the table rate_limits, so all nodes of one database share the count. A window
// opens with a client's first request and lasts the rule's seconds, on the app's clock; past
// `max`, the answer is 429 with Retry-After and the envelope, before the body is even parsed.
// The store's counter is one statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING): no lock,
// no read-then-write race between nodes, and the same SQL on PGlite and PostgreSQL.
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { RateLimit, RateLimitRule, RateLimits } from '../config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooMany } from '../errors';

declare module '@fastify/rate-limit' {
  interface RateLimitOptions {
    /** The per-client limit this route counts against (config.ts RATE_LIMIT_RULES); max and window come from the config. */
    rule?: RateLimitRule;
  }
}

/** How often ended windows are deleted (each node; the delete is idempotent). */
export const RATE_LIMIT_PURGE_MS = 60_000;

/** Counts one request of `key` at `now`: the count in its window and when the window ends. */
export async function hit(db: Db, key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }> {
  const at = now.toISOString();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // Both right-hand sides read the row as it was: an ended window starts again at 1.
      set: {
        count: sql`case when ${rateLimits.resetAt} > ${at}::timestamptz then ${rateLimits.count} + 1 else 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} > ${at}::timestamptz then ${rateLimits.resetAt} else excluded.reset_at end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

/** Deletes the counters whose window has ended (a returning client starts a new row). */
export async function purgeRateLimits(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(rateLimits).where(lte(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return gone.length;
}

/**
 * The plugin's store (its custom-store interface): `incr` is `hit` on the app's clock, answering
 * the count and the milliseconds left in the window. Keys already name the rule, so every route
 * shares the one store.
 */
function databaseStore(db: Db, clock: Clock) {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = clock.now();
      hit(db, key, timeWindow, now).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(1, resetAt.getTime() - now.getTime()) }),
        (err: unknown) => callback(err as Error),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Counts one request of an API key in the key's own bucket (rule `apiKey`, per key whatever the
 * address: a machine may move between addresses, and one key's burst must not use up a person's
 * limits): past it, 429 with Retry-After, as every other limit.
 */
export async function countApiKeyRequest(db: Db, limit: RateLimit, keyId: string, now: Date, reply: FastifyReply): Promise<void> {
  if (!limit) return;
  const { count, resetAt } = await hit(db, `apiKey:${keyId}`, limit.windowSeconds * 1000, now);
  if (count <= limit.max) return;
  const ms = Math.max(1, resetAt.getTime() - now.getTime());
  void reply.header('retry-after', String(Math.ceil(ms / 1000)));
  throw tooMany('rateLimited', { minutes: Math.max(1, Math.ceil(ms / 60_000)) });
}

/** The client a limit counts: its address (X-Forwarded-For's, behind the proxy: app.ts trustProxy). */
const clientOf = (req: FastifyRequest) => req.ip || 'unknown';

/**
 * The SMS rule counts per phone and address (issue 28): the people of an office behind one
 * address are each their own client. Its routes count once the body is parsed (preValidation),
 * before it is checked, so a malformed request counts too; the phone is what was sent, cut short.
 */
const PER_PHONE_RULES: ReadonlySet<RateLimitRule> = new Set(['sms']);
const phoneOf = (req: FastifyRequest) => {
  const phone = (req.body as { phone?: unknown } | undefined)?.phone;
  return typeof phone === 'string' || typeof phone === 'number' ? String(phone).slice(0, 20) : '-';
};
const keyOf = (req: FastifyRequest, rule: RateLimitRule) => (PER_PHONE_RULES.has(rule) ? `${rule}:${phoneOf(req)}:${clientOf(req)}` : `${rule}:${clientOf(req)}`);

/** The rule the request's route names (routes without one are not limited: `global: false`). */
const ruleOf = (req: FastifyRequest): RateLimitRule => {
  const options = req.routeOptions.config.rateLimit;
  if (!options || !options.rule) throw new Error(`route ${req.routeOptions.url} has rate-limit options without a rule`);
  return options.rule;
};

async function rateLimitPlugin(app: FastifyInstance, opts: { db: Db; clock: Clock; limits: RateLimits; paused?: () => boolean }) {
  const { db, clock, limits, paused } = opts;
  const limitOf = (req: FastifyRequest) => limits[ruleOf(req)] as NonNullable<RateLimit>;
  const refusal = (ms: number) => tooMany('rateLimited', { minutes: Math.max(1, Math.ceil(ms / 60_000)) });
  // A route naming no rule, or one config.ts does not know, stops the start.
  app.addHook('onRoute', (route) => {
    const options = route.config?.rateLimit;
    if (options && !(options.rule && options.rule in limits)) throw new Error(`${route.url}: config.rateLimit needs a rule of ${Object.keys(limits).join(', ')}`);
    if (!options || !options.rule || !PER_PHONE_RULES.has(options.rule)) return;
    // Counted per (phone, client) once the body is parsed; and per client alone under RATE_LIMIT_SMS_ADDRESS, a ceiling over every phone.
    options.hook = 'preValidation';
    const ceiling = limits.smsAddress;
    if (!ceiling) return;
    const perAddress = async (req: FastifyRequest, reply: FastifyReply) => {
      if (paused?.()) return;
      const now = clock.now();
      const { count, resetAt } = await hit(db, `smsAddress:${clientOf(req)}`, ceiling.windowSeconds * 1000, now);
      if (count <= ceiling.max) return;
      const ms = Math.max(1, resetAt.getTime() - now.getTime());
      void reply.header('retry-after', String(Math.ceil(ms / 1000)));
      throw refusal(ms);
    };
    route.preValidation = [perAddress, ...(Array.isArray(route.preValidation) ? route.preValidation : route.preValidation ? [route.preValidation] : [])];
  });
  await app.register(fastifyRateLimit, {
    // Only the routes that name a rule; before the body is parsed.
    global: false,
    hook: 'onRequest',
    store: databaseStore(db, clock),
    // A rule set `off`, or the demo seeder at work: not counted, no headers.
    allowList: (req) => !limits[ruleOf(req)] || !!paused?.(),
    keyGenerator: (req) => keyOf(req, ruleOf(req)),
    max: (req) => limitOf(req).max,
    timeWindow: (req) => limitOf(req).windowSeconds * 1000,
    // X-RateLimit-Limit, -Remaining, -Reset on every limited answer, Retry-After past the limit (the defaults).
    errorResponseBuilder: (_req, context) => refusal(context.ttl),
  });
}

export default fp(rateLimitPlugin, { name: 'rateLimit', dependencies: ['envelope'] });
