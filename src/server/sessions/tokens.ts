// Session tokens: 256 random bits handed to the client once, kept only as SHA-256.
// Valid 7 days; revoked by logout, password change/reset and when a user is disabled.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { TOKEN_LIFETIME_MS } from '../../shared/constants';
import type { Db } from '../db/client';
import { slot, statement } from '../db/statements';
import { accounts, sessions, users } from '../db/schema';
import type { ApiKeyCaller } from './apiKeys';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Db, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The caller: a signed-in person, or an API key acting with its operator type (`apiKey` set; sessions/apiKeys.ts). */
export type SessionUser = typeof users.$inferSelect & { account: typeof accounts.$inferSelect; tokenHash: string; apiKey?: ApiKeyCaller };

/** Every request's first statement: built once (db/statements.ts). */
const sessionUser = statement('session_user', (db) =>
  db
    .select({ user: users, account: accounts, tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(sessions.tokenHash, slot('tokenHash', sessions.tokenHash)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, slot('now', sessions.expiresAt)),
        eq(users.status, 'active'),
        // An unbound operator's sessions end with the unbind; this keeps any stray one dead.
        eq(users.bound, true),
      ),
    )
    .limit(1),
);

/** The active user behind a token, or null when the token is unknown, expired or revoked. */
export async function resolveToken(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  const [row] = await sessionUser(db, { tokenHash: hashToken(token), now });
  return row ? { ...row.user, account: row.account, tokenHash: row.tokenHash } : null;
}

export async function revokeToken(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeAllTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Reads `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.replace(/^Bearer\s+/i, '').trim();
  return value.length > 0 ? value : null;
}
