// API keys as credentials (issue 30 item 4): what the auth plugin resolves an `lsf_...` secret
// to. A key acts as its account's owner would, but with the grants of the operator type it was
// given (the same decide() as a person of that type) and never as the owner: it manages no keys,
// no operators, no person's settings. The domain that creates and revokes keys is
// src/server/domains/apiKeys; this is the mechanism every request uses, as sessions/tokens.ts is.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, apiKeys, users } from '../db/schema';
import { hashToken, type SessionUser } from './tokens';

/** Every key's secret starts with this: a client, a log scrubber and a leak scanner can tell it from a session token. */
export const API_KEY_PREFIX = 'lsf_';

/** How many characters of the secret (after the prefix) the list shows. */
const SHOWN = 6;

/** Last use is written at most this often per key: a busy key does not write a row per request. */
const LAST_USE_EVERY_MS = 60_000;

/** The key behind a request, as the auth plugin hands it to the pipeline. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  /** Granted money actions (each one signed). */
  money: boolean;
  /** The HMAC key of X-LSF-Signature. */
  signingSecret: string;
  /** This request carried a valid, unused signature (confirm/requestSignature.ts). */
  signed: boolean;
}

/** A new key's secrets: the bearer secret (256 random bits) and the signing secret. */
export function newApiKeySecrets(): { secret: string; signingSecret: string; prefix: string } {
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { secret, signingSecret: 'lsfsig_' + randomBytes(32).toString('base64url'), prefix: secret.slice(0, API_KEY_PREFIX.length + SHOWN) };
}

/**
 * The stored form of a secret. SHA-256 without salt or stretching is right here, unlike for a
 * password: the secret is 256 random bits, so no dictionary or brute force can reach it from its
 * hash, and a fast hash lets every request find its key by an index lookup.
 */
export const hashApiKey = (secret: string) => hashToken(secret);

/** The secret a request sends: `X-API-Key: lsf_...` or `Authorization: Bearer lsf_...`; null when it sends none. */
export function apiKeyFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  const direct = headers['x-api-key'];
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  const auth = headers.authorization;
  if (typeof auth !== 'string') return null;
  const value = auth.replace(/^Bearer\s+/i, '').trim();
  return value.startsWith(API_KEY_PREFIX) ? value : null;
}

export type KeyRefusal = 'apiKeyUnknown' | 'apiKeyRevoked' | 'apiKeyExpired';

/**
 * The caller a key secret stands for: the account's owner (active) with the key's operator type
 * as role, never an owner, and the key; or why it is refused.
 */
export async function resolveApiKey(db: Db, secret: string, now: Date): Promise<{ user: SessionUser & { apiKey: ApiKeyCaller } } | { refused: KeyRefusal }> {
  const [row] = await db
    .select({ key: apiKeys, user: users, account: accounts })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .innerJoin(users, and(eq(users.accountId, apiKeys.accountId), eq(users.isOwner, true), eq(users.status, 'active')))
    .where(eq(apiKeys.secretHash, hashApiKey(secret)))
    .limit(1);
  if (!row || row.account.status !== 'active') return { refused: 'apiKeyUnknown' };
  const { key } = row;
  if (key.revokedAt) return { refused: 'apiKeyRevoked' };
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return { refused: 'apiKeyExpired' };
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(and(eq(apiKeys.id, key.id), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${now.toISOString()}::timestamptz)`));
  }
  return {
    user: {
      ...row.user,
      role: key.role,
      isOwner: false,
      account: row.account,
      tokenHash: '',
      apiKey: { id: key.id, name: key.name, money: key.money, signingSecret: key.signingSecret, signed: false },
    },
  };
}
