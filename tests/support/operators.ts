// Sub-accounts for tests that need a user with another operator type in the same account.
// (The operator management API comes with its own issue; this writes the same rows it will.)
import { eq } from 'drizzle-orm';
import { accounts, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/domains/auth/passwords';
import { PASSWORD, loginPassword, newPhone } from './flows';
import type { TestServer } from './server';

export async function addOperator(s: TestServer, ownerPhone: string, role: string): Promise<{ phone: string; token: string }> {
  const [owner] = await s.ctx.db.select().from(users).where(eq(users.phone, ownerPhone));
  const phone = newPhone();
  const now = s.clock.now();
  await s.ctx.db.insert(users).values({
    accountId: owner.accountId,
    phone,
    name: `operator ${role}`,
    passwordHash: await hashPassword(PASSWORD),
    role,
    isOwner: false,
    createdAt: now,
    updatedAt: now,
  });
  const res = await loginPassword(s, phone);
  return { phone, token: res.body.data.access_token };
}

/** Marks the account of `phone` as authenticated (what an ops approval does), so it may trade. */
export async function approveAccount(s: TestServer, phone: string): Promise<void> {
  const [user] = await s.ctx.db.select().from(users).where(eq(users.phone, phone));
  await s.ctx.db.update(accounts).set({ authStatus: 'approved' }).where(eq(accounts.id, user.accountId));
}
