// Sending webhook deliveries (issue 30 item 5). The webhooks consumer (consumers/webhooks.ts)
// writes one row per event and endpoint; here each node claims the due rows it will send
// (FOR UPDATE SKIP LOCKED in a short transaction that marks them claimed_until: another node skips
// them, a node that dies mid-send gives them back when the claim ends), POSTs each with no
// transaction open, then records the attempt. Each delivery is therefore sent by one node at a
// time; a receiver may still see it twice (a node dying after the POST, before its record), so
// it dedupes on X-LSF-Webhook-Id: at least once, never lost.
//
// The request: POST <url>, JSON body, headers
//   X-LSF-Webhook-Id:        the delivery's id (the same on every retry and re-send)
//   X-LSF-Webhook-Timestamp: Unix seconds of this attempt
//   X-LSF-Webhook-Signature: v1=<hex HMAC-SHA256(endpoint secret, timestamp + "." + body)>
// 2xx within 10 s is a success; anything else (other status, redirect, timeout, refused
// connection) a failure, tried again on the schedule below until 3 days after the first attempt.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { notifyUser } from '../../notify';
import { routePath } from '../../resources/consolePaths';
import { isNonPublicAddress, NonPublicAddressError, publicOnlyLookup } from './destination';

/** How long a receiver has to answer. */
export const SEND_TIMEOUT_MS = 10_000;
/** How long a claim holds a row: past the timeout, so only a dead node's claim runs out. */
const CLAIM_MS = 60_000;
/** Retries end, and a failing endpoint is disabled, this long after the first failure. */
export const RETRY_WINDOW_MS = 3 * 24 * 3600_000;
/** At most this many sends at once per node. */
const PARALLEL = 8;

/**
 * The wait after the n-th failed attempt (n from 1): 1 min doubling each time (1, 2, 4, ... 256,
 * 512 min), at most 12 h, and never past 3 days after the first attempt, when the last try is
 * made. That is 16 attempts over the 3 days: 0 s, 1 min, 3 min, 7 min, 15 min, 31 min, 63 min,
 * 2 h 7 min, 4 h 15 min, 8 h 31 min, 17 h 3 min, 29 h 3 min, 41 h 3 min, 53 h 3 min, 65 h 3 min, 72 h
 * after the first (docs/decisions.md "Webhooks").
 */
export const retryDelayMs = (failedAttempts: number) => Math.min(60_000 * 2 ** (failedAttempts - 1), 12 * 3600_000);

/** When the next try is due after `attempts` failures, or null when the 3 days are over. */
export function nextTryAt(firstAttemptAt: Date, attempts: number, now: Date): Date | null {
  const end = firstAttemptAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= end) return null;
  return new Date(Math.min(now.getTime() + retryDelayMs(attempts), end));
}

/** The signature header's value of `body` sent at `timestamp` (Unix seconds). */
export const webhookSignature = (secret: string, timestamp: string, body: string) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

interface Claimed {
  id: string;
  endpoint_id: string;
  account_id: string;
  payload: Record<string, unknown>;
  attempts: number;
  first_attempt_at: Date | string | null;
  status: string;
  url: string;
  secret: string;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** Claims up to `limit` due deliveries of enabled endpoints for this node. */
export async function claimDue(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  return queryRows<Claimed>(
    db,
    sql`with c as (
        select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
        where d.status = 'pending' and d.next_at <= ${at}::timestamptz and (d.claimed_until is null or d.claimed_until <= ${at}::timestamptz)
        order by d.next_at limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries d set claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
      from c, webhook_endpoints e
      where d.id = c.id and e.id = d.endpoint_id
      returning d.id, d.endpoint_id, d.account_id, d.payload, d.attempts, d.first_attempt_at, d.status, e.url, e.secret`,
  );
}

/** Claims one delivery (a re-send), whatever its status, unless another node holds it now. */
export async function claimOne(db: Db, id: string, accountId: string, now: Date): Promise<Claimed | undefined> {
  const at = now.toISOString();
  const [row] = await queryRows<Claimed>(
    db,
    sql`update webhook_deliveries d set claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
      from webhook_endpoints e
      where d.id = ${id}::uuid and d.account_id = ${accountId}::uuid and e.id = d.endpoint_id and (d.claimed_until is null or d.claimed_until <= ${at}::timestamptz)
      returning d.id, d.endpoint_id, d.account_id, d.payload, d.attempts, d.first_attempt_at, d.status, e.url, e.secret`,
  );
  return row;
}

/** Options of a send: in production only public addresses (destination.ts). */
export interface SendOptions {
  publicOnly: boolean;
}

/** POSTs `body` and answers the status code; the answer's body is drained, not read. */
function postOnce(url: URL, headers: Record<string, string>, body: string, signal: AbortSignal, publicOnly: boolean): Promise<number> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address literal connects without a lookup: checked here; a name is checked as it resolves.
  if (publicOnly && isIP(host) && isNonPublicAddress(host)) return Promise.reject(new NonPublicAddressError(host, host));
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal, ...(publicOnly ? { lookup: publicOnlyLookup } : {}) },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One POST of a delivery; never throws. Redirects are not followed (a 3xx is a failure). */
export async function post(delivery: Pick<Claimed, 'id' | 'payload' | 'url' | 'secret'>, now: Date, signal: AbortSignal | undefined, options: SendOptions): Promise<AttemptResult> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const started = performance.now();
  const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
  try {
    const status = await postOnce(
      new URL(delivery.url),
      {
        'content-type': 'application/json',
        'user-agent': 'LSF-Webhooks/1',
        'x-lsf-webhook-id': delivery.id,
        'x-lsf-webhook-timestamp': timestamp,
        'x-lsf-webhook-signature': webhookSignature(delivery.secret, timestamp, body),
      },
      body,
      signal ? AbortSignal.any([signal, timeout]) : timeout,
      options.publicOnly,
    );
    const durationMs = Math.round(performance.now() - started);
    const ok = status >= 200 && status < 300;
    return { ok, statusCode: status, durationMs, error: ok ? null : `HTTP ${status}` };
  } catch (err) {
    const e = err as Error & { code?: string };
    const error = timeout.aborted ? `timeout after ${SEND_TIMEOUT_MS / 1000} s` : (e.code ?? e.message);
    return { ok: false, statusCode: null, durationMs: Math.round(performance.now() - started), error: String(error).slice(0, 200) };
  }
}

/**
 * Records an attempt: delivered, or the next try (failed once the 3 days are over); the endpoint's
 * failing streak starts or ends, and an endpoint failing for 3 days is disabled and its owner told.
 * `resend`: the owner's re-send, one more try that does not reopen a failed delivery's retries.
 */
export async function recordAttempt(db: Db, d: Claimed, result: AttemptResult, now: Date, opts: { resend?: boolean } = {}): Promise<void> {
  const first = d.first_attempt_at ? new Date(d.first_attempt_at) : now;
  const attempts = d.attempts + 1;
  const next = result.ok || (opts.resend && d.status !== 'pending') ? null : nextTryAt(first, attempts, now);
  const status = result.ok ? 'delivered' : next ? 'pending' : d.status === 'delivered' ? 'delivered' : 'failed';
  await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts,
      nextAt: next,
      claimedUntil: null,
      firstAttemptAt: first,
      lastAttemptAt: now,
      lastStatusCode: result.statusCode,
      lastDurationMs: result.durationMs,
      lastError: result.error,
      ...(result.ok ? { deliveredAt: now } : {}),
    })
    .where(eq(webhookDeliveries.id, d.id));
  if (result.ok) {
    await db.update(webhookEndpoints).set({ failingSince: null }).where(and(eq(webhookEndpoints.id, d.endpoint_id), sql`${webhookEndpoints.failingSince} is not null`));
    return;
  }
  await db.update(webhookEndpoints).set({ failingSince: now }).where(and(eq(webhookEndpoints.id, d.endpoint_id), isNull(webhookEndpoints.failingSince)));
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, d.endpoint_id), eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.failingSince} <= ${new Date(now.getTime() - RETRY_WINDOW_MS).toISOString()}::timestamptz`))
    .returning();
  if (!disabled) return;
  // Once: only the statement that disabled it tells the owner.
  const [owner] = await db.select({ id: users.id }).from(users).where(and(eq(users.accountId, disabled.accountId), eq(users.isOwner, true), eq(users.status, 'active')));
  // The link: the console page of the account's webhooks, as menu.json names it (route key `webhooks`).
  if (owner) await notifyUser(db, owner.id, 'webhookDisabled', now, { url: disabled.url }, routePath('webhooks'));
}

/** Claims one delivery of the account, sends it now and records it (the owner's re-send); false when another node holds it. */
export async function resend(db: Db, clock: Clock, id: string, accountId: string, options: SendOptions): Promise<boolean> {
  const d = await claimOne(db, id, accountId, clock.now());
  if (!d) return false;
  const result = await post(d, clock.now(), undefined, options);
  await recordAttempt(db, d, result, clock.now(), { resend: true });
  return true;
}

/**
 * One node's sender: `kick()` has it claim and send what is due, round after round while rounds
 * come back full, with at most PARALLEL sends in flight; kicks while it runs make it look again.
 * No timer of its own: the scheduler's job kicks it every second and a request that may have moved
 * records kicks it as it answers (index.ts).
 */
export class Sender {
  private running = false;
  private again = false;
  private readonly stop = new AbortController();
  private idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Drains the consumer first, so a move's deliveries exist before the claim. */
    private readonly before: () => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
    private readonly options: SendOptions,
  ) {}

  kick(): Promise<void> {
    if (this.stop.signal.aborted) return this.idle;
    if (this.running) {
      this.again = true;
      return this.idle;
    }
    this.running = true;
    this.idle = this.run().finally(() => {
      this.running = false;
    });
    return this.idle;
  }

  /** Aborts the sends in flight (each is recorded as failed and retried) and waits for the sender to stop. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.idle;
  }

  private async run(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.before();
        for (;;) {
          if (this.stop.signal.aborted) return;
          const batch = await claimDue(this.db, this.clock.now(), PARALLEL);
          if (!batch.length) break;
          await Promise.all(
            batch.map(async (d) => {
              const result = await post(d, this.clock.now(), this.stop.signal, this.options);
              await recordAttempt(this.db, d, result, this.clock.now());
            }),
          );
          if (batch.length < PARALLEL) break;
        }
      } while (this.again && !this.stop.signal.aborted);
    } catch (err) {
      if (!this.stop.signal.aborted) this.onError(err);
    }
  }
}
