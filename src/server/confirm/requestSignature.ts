// A key's request signature (issue 30 item 4; docs/decisions.md "A key's signature in place of
// the SMS code"): what stands in for a person's confirmation when a money action is asked by an
// API key with the money scope. The client sends
//   X-LSF-Timestamp: <unix seconds>
//   X-LSF-Signature: hex(HMAC-SHA256(signing secret, METHOD \n path?query \n timestamp \n hex(SHA-256(body))))
// The timestamp must be within 5 minutes of the server's clock, and a signature is accepted once:
// used signatures are rows (api_key_signatures) until their window ends, so two nodes agree.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeySignatures } from '../db/schema';
import { AppError, type MessageRef } from '../errors';

/** How far a signed request's timestamp may be from the server's clock, either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

export const SIGNATURE_HEADER = 'x-lsf-signature';
export const TIMESTAMP_HEADER = 'x-lsf-timestamp';

export const sha256Hex = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');

/** The text a request's signature covers. */
export const signedText = (method: string, pathWithQuery: string, timestamp: string, bodySha256: string) => `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${bodySha256}`;

/** The signature of a request (what a client computes; the tests and docs use it). */
export const signRequest = (signingSecret: string, method: string, pathWithQuery: string, timestamp: string, body: string | Buffer = '') =>
  createHmac('sha256', signingSecret).update(signedText(method, pathWithQuery, timestamp, sha256Hex(body))).digest('hex');

export type SignatureRefusal = 'apiKeySignatureMalformed' | 'apiKeySignatureStale' | 'apiKeySignatureInvalid' | 'apiKeySignatureReplayed';

/** A 401 whose `data.reason` names what is wrong, so a client can tell a stale clock from a wrong secret. */
export const keyRefused = (reason: string, status = 401) => new AppError(status, `machines:errors.${reason}`, { reason: { text: reason } } as Record<string, MessageRef>);

export interface SignedRequest {
  method: string;
  /** The path with its query string, as sent (req.url). */
  url: string;
  timestamp: string | undefined;
  signature: string | undefined;
  /** hex SHA-256 of the body's bytes as received (of nothing for a request without one). */
  bodySha256: string;
}

/**
 * Checks a request's signature with the key's signing secret and spends it: throws 401 with the
 * reason when the timestamp is malformed or out of the window, the signature wrong, or already used.
 */
export async function verifyRequestSignature(db: Db, key: { id: string; signingSecret: string }, req: SignedRequest, now: Date): Promise<void> {
  const { timestamp, signature } = req;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature || !/^[0-9a-f]{64}$/i.test(signature)) throw keyRefused('apiKeySignatureMalformed');
  const at = Number(timestamp) * 1000;
  if (Math.abs(now.getTime() - at) > SIGNATURE_WINDOW_MS) throw keyRefused('apiKeySignatureStale');
  const expected = createHmac('sha256', key.signingSecret).update(signedText(req.method, req.url, timestamp, req.bodySha256)).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw keyRefused('apiKeySignatureInvalid');
  // Once: the row outlives the window, after which the timestamp alone refuses the signature.
  const kept = await db
    .insert(apiKeySignatures)
    .values({ signature: signature.toLowerCase(), keyId: key.id, expiresAt: new Date(at + SIGNATURE_WINDOW_MS) })
    .onConflictDoNothing()
    .returning({ signature: apiKeySignatures.signature });
  if (!kept.length) throw keyRefused('apiKeySignatureReplayed');
}

/** Deletes the signatures whose window has ended (a job). */
export async function purgeUsedSignatures(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(apiKeySignatures).where(lte(apiKeySignatures.expiresAt, sql`${now.toISOString()}::timestamptz`)).returning({ s: apiKeySignatures.signature });
  return gone.length;
}

/**
 * The confirmation of a money step asked by a key, in place of the person's SMS code: the key
 * holds the money scope (else 403) and this request was signed (else 403: sign it).
 */
export function confirmByApiKey(key: { money: boolean; signed: boolean }): void {
  if (!key.money) throw keyRefused('apiKeyMoneyScope', 403);
  if (!key.signed) throw keyRefused('apiKeySignatureRequired', 403);
}
