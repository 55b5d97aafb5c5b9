// ADMIN_PHONE + ADMIN_PASSWORD: make sure a platform-operations user exists at start.
import { checkPassword, isMobile } from '../shared/validators';
import type { AppContext } from './context';
import { hashPassword } from './domains/auth/passwords';
import { createAccountWithOwner, findUserByPhone } from './domains/auth/users-store';
import { PLATFORM_OPS_NAME } from '../shared/constants';

export async function ensureAdmin(ctx: AppContext): Promise<'created' | 'exists' | 'skipped'> {
  const { adminPhone, adminPassword } = ctx.config;
  if (!adminPhone || !adminPassword) return 'skipped';
  if (!isMobile(adminPhone)) throw new Error(`ADMIN_PHONE "${adminPhone}" is not a mainland mobile number.`);
  const problem = checkPassword(adminPassword);
  if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable (${problem}): use 6+ characters with two of digits, letters and symbols.`);
  const existing = await findUserByPhone(ctx.db, adminPhone);
  if (existing) {
    if (existing.role !== 'ops') throw new Error(`ADMIN_PHONE ${adminPhone} already belongs to a non-operations user.`);
    return 'exists';
  }
  await createAccountWithOwner(ctx.db, {
    type: 'platform',
    accountName: PLATFORM_OPS_NAME,
    phone: adminPhone,
    passwordHash: await hashPassword(adminPassword),
    role: 'ops',
    now: ctx.clock.now(),
  });
  return 'created';
}
