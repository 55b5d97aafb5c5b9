// Reads and writes of users and accounts that several auth endpoints share.
import { and, eq, sql } from 'drizzle-orm';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, type UserType } from '../../../shared/constants';
import { maskPhone } from '../../../shared/validators';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Creates an account with its owner user in one transaction. */
export async function createAccountWithOwner(
  db: Db,
  input: { type: UserType | 'platform'; accountName: string; phone: string; passwordHash: string; role: string; now: Date },
): Promise<UserRow> {
  // A person is known by the masked phone until authenticated (then by the authenticated name:
  // authentication/routes.ts); the full number is never a name other accounts read.
  const accountName = input.type === 'personal' ? maskPhone(input.phone) : input.accountName;
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ type: input.type, name: accountName, createdAt: input.now, updatedAt: input.now })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account.id,
        phone: input.phone,
        name: input.type === 'personal' ? accountName : input.accountName,
        passwordHash: input.passwordHash,
        role: input.role,
        isOwner: true,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    return user;
  });
}

/**
 * Takes one password try, atomically and before the password is checked: counted as a failure
 * in a row until clearLoginFailures says it was right; the fifth starts a 15-minute lock (and
 * resets the count). Null while locked: that try is refused without checking the password.
 * Counting before checking is what bounds a brute force: tries sent at the same moment (to one
 * node or several) each take one of the five, where counting after the slow hash let every try
 * that read "not locked" be checked. Answers the tries left after this one (0 = it locked).
 */
export async function takeLoginTry(db: Db, userId: string, now: Date): Promise<number | null> {
  const lockUntil = new Date(now.getTime() + LOGIN_LOCK_MS);
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${users.failedLogins} + 1 >= ${LOGIN_MAX_FAILURES} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${LOGIN_MAX_FAILURES} then ${lockUntil.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(users.id, userId), sql`(${users.lockedUntil} is null or ${users.lockedUntil} <= ${now.toISOString()}::timestamptz)`))
    .returning({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil });
  if (!row) return null;
  return row.lockedUntil ? 0 : LOGIN_MAX_FAILURES - row.failedLogins;
}

export async function clearLoginFailures(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), sql`(${users.failedLogins} <> 0 or ${users.lockedUntil} is not null)`));
}
