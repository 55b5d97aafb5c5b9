// Per-client limits of the public endpoints (issue 20; docs/decisions.md "Rate limits"). A route
// names its rule in its options, `config: { rateLimit: 'login' }`; every request to it counts
// against (rule, client address) in the database, so all nodes of one database share the count.
// A window opens with a client's first request and lasts the rule's seconds; past `max`, the
// answer is 429 with Retry-After and the envelope, before the body is even parsed.
// The counter is one statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING): no lock, no
// read-then-write race between nodes, and the same SQL on PGlite and PostgreSQL.
import { lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { RateLimitRule, RateLimits } from '../config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooMany } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-client limit this route counts against (config.ts RATE_LIMIT_RULES). */
    rateLimit?: RateLimitRule;
  }
}

/** How often ended windows are deleted (each node; the delete is idempotent). */
export const RATE_LIMIT_PURGE_MS = 60_000;

/** Counts one request of `key` at `now`: the count in its window and when the window ends. */
export async function hit(db: Db, key: string, windowSeconds: number, now: Date): Promise<{ count: number; resetAt: Date }> {
  const at = now.toISOString();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + windowSeconds * 1000) })
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

/** The client a limit counts: its address (X-Forwarded-For's, behind the proxy: app.ts trustProxy). */
const clientOf = (req: FastifyRequest) => req.ip || 'unknown';

async function rateLimitPlugin(app: FastifyInstance, opts: { db: Db; clock: Clock; limits: RateLimits; paused?: () => boolean }) {
  const { db, clock, limits, paused } = opts;
  app.addHook('onRequest', async (req, reply) => {
    const rule = req.routeOptions.config?.rateLimit;
    const limit = rule && limits[rule];
    if (!rule || !limit || paused?.()) return;
    const now = clock.now();
    const { count, resetAt } = await hit(db, `${rule}:${clientOf(req)}`, limit.windowSeconds, now);
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    reply.header('x-ratelimit-limit', limit.max);
    reply.header('x-ratelimit-remaining', Math.max(0, limit.max - count));
    reply.header('x-ratelimit-reset', seconds);
    if (count > limit.max) {
      reply.header('retry-after', seconds);
      throw tooMany('rateLimited', { seconds });
    }
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (!Object.values(limits).some(Boolean)) return;
    timer = setInterval(() => {
      purgeRateLimits(db, clock.now()).catch((err: unknown) => app.log.warn({ err: (err as Error).message }, 'rate limit purge failed'));
    }, RATE_LIMIT_PURGE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(rateLimitPlugin, { name: 'rateLimit', dependencies: ['envelope'] });
