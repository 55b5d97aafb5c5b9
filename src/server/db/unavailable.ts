// Whether an error means the database could not be reached or its connection was lost under the
// request: a PostgreSQL restart or failover, a backend ended, a network cut. The request did not
// fail on anything it asked for; the same request can succeed a moment later, so it is answered
// 503 with Retry-After (plugins/envelope.ts), not 500. A money action's retry with its
// Idempotency-Key gets the stored answer if the lost transaction had committed after all.

/** The driver's own codes (postgres-js): only the database driver raises these. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);

/** The socket's: the database's only when raised under a query (see below), not an SMS provider's. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * PostgreSQL's SQLSTATEs of the same: class 08 (connection exception), and a server shutting
 * down or starting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now).
 */
const unavailableState = (code: string) => /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03';

/**
 * True when `error` or an error it wraps (drizzle wraps the driver's in `cause`) is such a loss.
 * A socket code counts when the error came with a query: postgres-js puts the failed query on
 * the socket error it rejects the query with, and drizzle's wrapper carries it too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let underQuery = false;
  for (const e of causes(error)) {
    underQuery ||= 'query' in e;
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (DRIVER_CODES.has(code) || unavailableState(code) || (underQuery && SOCKET_CODES.has(code))) return true;
  }
  return false;
}

/** The error and those it wraps (drizzle's wrapper, the driver's error), outermost first. */
export function* causes(error: unknown): Generator<object> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) yield e;
}
