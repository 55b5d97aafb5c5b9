// Idempotency-Key for POSTs that create or act (DESIGN §4, §7; Stripe's rules):
//   - the work and the stored response commit in ONE transaction, so a key either has its
//     response stored with the work done, or neither happened;
//   - a replay (same account, key and request) answers the stored bytes, without running the work;
//   - the same key with another request is a 422; a twin still in flight is a 409.
// A transaction-scoped advisory lock on (account, key) tells "in flight" apart from "done":
// it is held until the first request commits or rolls back, on every node of one database.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db/client';
import { slot, statement } from './db/statements';
import { idempotencyKeys } from './db/schema';
import { AppError, badRequest, conflict, fieldError } from './errors';
import { currentUser } from './plugins/auth';
import { ok } from './plugins/envelope';
import { addPhase, phase } from './phases';
import { retryingConflicts } from './db/conflicts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A hand-written route that runs idempotent() declares here whether the key is required
     * (money moves: 400 without it) or optional. The server enforces it (idempotencyKeyHook) and
     * the OpenAPI document marks the header from it: one declaration for both.
     */
    idempotencyKey?: 'required' | 'optional';
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The header in the OpenAPI document (openapi/index.ts for route configs, openapi/resources.ts for resource actions). */
export const idempotencyKeySchema = (required: boolean) => ({
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description:
    (required ? 'Required: this request moves money; without a key it is refused (400). ' : '') +
    'Client-chosen key (1-200 printable ASCII): a retry with the same key and body answers the stored response; another body is a 422; a twin in flight is a 409. Kept 24 h.',
});
/** A key older than this is forgotten: the same key then starts a new request. */
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export interface IdempotencyOptions {
  /** Money actions refuse to run without a key (400); a hand-written route's config.idempotencyKey when absent. */
  required?: boolean;
  /**
   * Work of the same transaction that does not change the answer (an action's messages and
   * todos): run after `work`, sent together with the storing of the answer (one round trip less
   * on PostgreSQL). It fails the request like the work does.
   */
  then?: (tx: Db) => Promise<void>;
  /** The body answered for the work's result, in place of the envelope (the simple-rest routes answer the record alone). */
  render?: (result: unknown) => unknown;
}

/**
 * Root preHandler: a route whose config says `idempotencyKey: 'required'` refuses a request
 * without a valid key before its handler runs (after sign-in and the body's shape).
 */
export async function idempotencyKeyHook(req: FastifyRequest): Promise<void> {
  if (req.routeOptions.config?.idempotencyKey === 'required' && keyOf(req) === null) throw badRequest('idempotencyKeyRequired');
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What makes two requests "the same": method, path with query, and the body's content. */
export function requestHash(req: FastifyRequest): string {
  return createHash('sha256').update(`${req.method} ${req.url}\n${canonical(req.body)}`).digest('hex');
}

/** The key sent, validated; null when none was sent. */
export function keyOf(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY_PATTERN.test(key)) throw fieldError({ 'Idempotency-Key': 'idempotencyKeyInvalid' });
  return key;
}

// The statements of every keyed request, built once (db/statements.ts).
const lockKey = statement('idem_lock', (db) =>
  db.select({ got: sql<boolean>`pg_try_advisory_xact_lock(hashtextextended(${sql.placeholder('lock')}::text, 0))` }).from(sql`(select 1) as one`),
);
const storedKey = statement('idem_stored', (db) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, slot('accountId', idempotencyKeys.accountId)), eq(idempotencyKeys.key, slot('key', idempotencyKeys.key)))),
);
const storeKey = statement('idem_store', (db) =>
  db.insert(idempotencyKeys).values({
    accountId: slot('accountId', idempotencyKeys.accountId),
    key: slot('key', idempotencyKeys.key),
    requestHash: slot('requestHash', idempotencyKeys.requestHash),
    statusCode: 200,
    response: slot('response', idempotencyKeys.response),
  }),
);

class Replay {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {}
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Runs `work` inside one database transaction under the request's Idempotency-Key and sends
 * ok(req, result). Handlers `return idempotent(req, reply, db, opts, async (tx) => ...)`.
 * Without a key the work simply runs in a transaction (unless `required`). An error thrown by
 * the work rolls everything back and stores nothing, so the client may retry with the same key.
 * A transaction PostgreSQL aborts as a deadlock or serialization conflict runs again whole.
 */
export async function idempotent(req: FastifyRequest, reply: FastifyReply, db: Db, opts: IdempotencyOptions, work: (tx: Db) => Promise<unknown>): Promise<FastifyReply> {
  // The answer as sent (and stored for a replay): the envelope, or what the route's convention answers.
  const answer = (result: unknown) => JSON.stringify(opts.render ? opts.render(result) : ok(req, result));
  const declared = req.routeOptions.config?.idempotencyKey;
  // A route that takes a key says so in its config, or the document would not show it.
  if (opts.required === undefined && !declared) throw new Error(`${req.routeOptions.url}: idempotent() on a route without config.idempotencyKey`);
  const key = keyOf(req);
  if (key === null) {
    if (opts.required ?? declared === 'required') throw badRequest('idempotencyKeyRequired');
    const result = await retryingConflicts(() =>
      db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const answer = await work(tx);
        await opts.then?.(tx);
        return answer;
      }),
    );
    return reply.type(JSON_TYPE).send(answer(result));
  }
  const accountId = currentUser(req).accountId;
  const hash = requestHash(req);
  // Phases (bench only): the wait for a connection and BEGIN, then COMMIT, apart from the work.
  const asked = performance.now();
  let worked = 0;
  // Run again whole when PostgreSQL aborted it as a deadlock or serialization conflict (db/conflicts.ts).
  const outcome = await retryingConflicts(() => db.transaction(async (raw) => {
    addPhase('begin', performance.now() - asked);
    const tx = raw as unknown as Db;
    const stored = await phase('idempotency', async () => {
      // Two statements sent together (one round trip on PostgreSQL), run one after the other:
      // the read takes its snapshot after the lock is held, so a twin that committed and let go
      // of the lock just before is seen. One statement would read with a snapshot taken before
      // its lock and miss that twin's row.
      const [[lock], [row]] = await Promise.all([lockKey(tx, { lock: `idem:${accountId}:${key}` }), storedKey(tx, { accountId, key })]);
      if (!lock?.got) throw conflict('idempotencyInFlight');
      return row;
    });
    if (stored && stored.createdAt.getTime() > Date.now() - IDEMPOTENCY_TTL_HOURS * 3600_000) {
      if (stored.requestHash !== hash) throw new AppError(422, 'idempotencyKeyReused');
      return new Replay(stored.statusCode, stored.response);
    }
    if (stored) await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
    const body = answer(await work(tx));
    // What follows the work, then the answer's row, in one round trip; both or neither commit. The
    // answer's row (the whole answer) goes last: queued after small statements it travels with
    // them, queued first it would go out alone (postgres-js sends a queue of 1 KB at once).
    await Promise.all([opts.then?.(tx), phase('idempotency', () => storeKey(tx, { accountId, key, requestHash: hash, response: body }))]);
    worked = performance.now();
    return body;
  }));
  if (worked) addPhase('commit', performance.now() - worked);
  if (outcome instanceof Replay) {
    return reply.status(outcome.statusCode).header('idempotent-replayed', 'true').type(JSON_TYPE).send(outcome.body);
  }
  return reply.type(JSON_TYPE).send(outcome);
}

/** Forgets keys past their lifetime (the scheduler's job idempotency.purge, hourly; a stale key is also ignored on read). */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`)
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
