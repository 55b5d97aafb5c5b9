// ADMIN_PHONE + ADMIN_PASSWORD: make sure a platform-operations user exists at start. And names
// as issue 28 gives them, in a store made before: no person named by a full phone.
import { sql } from 'drizzle-orm';
import { checkPassword, isMobile } from '../shared/validators';
import type { AppContext } from './context';
import type { Db } from './db/client';
import { hashPassword } from './domains/auth/passwords';
import { createAccountWithOwner, findUserByPhone } from './domains/auth/users-store';
import { PLATFORM_OPS_NAME } from './i18n';

export async function ensureAdmin(ctx: AppContext): Promise<'created' | 'exists' | 'skipped'> {
  await nameAccounts(ctx.db);
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

const FULL_PHONE = '^1[0-9]{10}$';
const MASKED_PHONE = '^1[0-9]{2}[*]{4}[0-9]{4}$';

/**
 * Names of a store made before issue 28, put right at start (each statement touches only rows
 * still named the old way, so a second start changes nothing): a person approved under its
 * personal authentication is named by it (account and owner user), any other person by its
 * masked phone instead of the full number, and platform operations by PLATFORM_OPS_NAME
 * instead of a masked phone or the old English name. Records that copied a name keep it.
 */
export async function nameAccounts(db: Db): Promise<void> {
  await db.execute(sql`update accounts a set name = x.name
    from (select distinct on (account_id) account_id, btrim(data->>'name') as name from authentications
          where kind = 'personal' and status = 'approved' and coalesce(btrim(data->>'name'), '') <> '' order by account_id, reviewed_at desc) x
    where a.id = x.account_id and a.type = 'personal' and (a.name ~ ${FULL_PHONE} or a.name ~ ${MASKED_PHONE})`);
  await db.execute(sql`update accounts set name = substr(name, 1, 3) || '****' || substr(name, 8) where type = 'personal' and name ~ ${FULL_PHONE}`);
  await db.execute(sql`update users u set name = a.name from accounts a
    where u.account_id = a.id and u.is_owner and a.type = 'personal' and u.name ~ ${MASKED_PHONE} and u.name <> a.name and a.name !~ ${MASKED_PHONE}`);
  await db.execute(sql`update accounts set name = ${PLATFORM_OPS_NAME} where type = 'platform' and name = 'LSF Platform Operations'`);
  await db.execute(sql`update users u set name = ${PLATFORM_OPS_NAME} from accounts a where u.account_id = a.id and a.type = 'platform' and u.name ~ ${MASKED_PHONE}`);
}
