// The signed-in user: profile with role (SPEC §7 GET /api/user/info), user info with type,
// phone and password changes, SMS re-verification and account deletion.
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Profile, UserInfo } from '../../../shared/api';
import { SMS_CODE_TTL_MS } from '../../../shared/constants';
import { roleOf, userTypeOf } from '../../../shared/actor';
import { maskPhone } from '../../../shared/validators';
import type { AppContext } from '../../context';
import { accounts, users, verifications } from '../../db/schema';
import { conflict, fieldError, forbidden } from '../../errors';
import { actorOf, currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { passwordRule, phoneRule, smsCodeRule } from '../auth/rules';
import { consumeSmsCode } from '../../sms/codes';
import { revokeAllTokens } from '../../sessions/tokens';
import { findUserByPhone, isUniqueViolation } from '../auth/users-store';
import type { SessionUser } from '../../sessions/tokens';
import { required, validateBody } from '../../validate';
import { notifyUser } from '../../notify';
import { userSchemas as S } from './schemas';
import { formatChinaTime } from '../../../shared/chinaTime';

export function toUserInfo(u: SessionUser): UserInfo {
  const phone = u.phone ?? '';
  return {
    id: u.id,
    phone,
    maskedPhone: maskPhone(phone),
    name: u.name,
    type: userTypeOf(u.account.type),
    accountId: u.account.id,
    accountName: u.account.name,
    authStatus: u.account.authStatus,
    isOwner: u.isOwner,
    createdAt: u.createdAt.toISOString(),
  };
}

export default async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  // Before validation: a stranger gets 401, not a verdict on the body.
  app.addHook('preValidation', app.requireAuth);

  app.get('/user/info', { schema: S.profile }, async (req) => {
    const me = currentUser(req);
    const actor = actorOf(me);
    const profile: Profile = { id: me.id, name: me.name, avatar: '', role: roleOf(actor), services: [...actor.services] };
    return ok(req, profile);
  });

  app.get('/system/users/info', { schema: S.info }, async (req) => ok(req, toUserInfo(currentUser(req))));

  app.post('/system/users/updateMobile', { schema: S.updateMobile }, async (req) => {
    const me = currentUser(req);
    // A stolen token alone must not move the account: the current phone proves itself too
    // (oldCode, scene verify) besides the new one (code, scene updateMobile).
    const body = validateBody(req.body, { oldCode: smsCodeRule, phone: phoneRule, code: smsCodeRule });
    if (body.phone === me.phone) throw fieldError({ phone: 'samePhone' });
    if (await findUserByPhone(db, body.phone)) throw fieldError({ phone: 'phoneRegistered' });
    await consumeSmsCode(ctx, me.phone ?? '', 'verify', body.oldCode, 'oldCode');
    await consumeSmsCode(ctx, body.phone, 'updateMobile', body.code);
    try {
      await db.update(users).set({ phone: body.phone, updatedAt: clock.now() }).where(eq(users.id, me.id));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('phoneRegistered');
      throw err;
    }
    await notifyUser(db, me.id, 'mobileChanged', clock.now(), { phone: maskPhone(body.phone) });
    return ok(req, { maskedPhone: maskPhone(body.phone) });
  });

  app.post('/system/users/updatePassWord', { schema: S.updatePassword }, async (req) => {
    const me = currentUser(req);
    const body = validateBody(req.body, { oldPassword: required, password: passwordRule });
    if (!(await verifyPassword(body.oldPassword, me.passwordHash))) throw fieldError({ oldPassword: 'oldPasswordWrong' });
    if (body.oldPassword === body.password) throw fieldError({ password: 'samePassword' });
    const now = clock.now();
    await db.update(users).set({ passwordHash: await hashPassword(body.password), updatedAt: now }).where(eq(users.id, me.id));
    // Every session ends, this one included: the client signs in again with the new password.
    await revokeAllTokens(db, me.id, now);
    await notifyUser(db, me.id, 'passwordChanged', now, { time: formatChinaTime(now) });
    return ok(req, null);
  });

  /** Proves the user holds their phone right now; sensitive operations require it. */
  app.post('/system/users/verifySmsCode', { schema: S.verifySmsCode }, async (req) => {
    const me = currentUser(req);
    const body = validateBody(req.body, { code: smsCodeRule });
    await consumeSmsCode(ctx, me.phone ?? '', 'verify', body.code);
    const now = clock.now();
    await db.insert(verifications).values({ userId: me.id, createdAt: now, expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS) });
    return ok(req, { validFor: SMS_CODE_TTL_MS / 1000 });
  });

  app.get('/system/users/deleteAccount', { schema: S.deleteAccount }, async (req) => {
    const me = currentUser(req);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [fresh] = await tx
        .select({ id: verifications.id })
        .from(verifications)
        .where(and(eq(verifications.userId, me.id), isNull(verifications.usedAt), gt(verifications.expiresAt, now)))
        .orderBy(desc(verifications.createdAt))
        .limit(1)
        .for('update');
      if (!fresh) throw forbidden('verificationRequired');
      await tx.update(verifications).set({ usedAt: now }).where(eq(verifications.id, fresh.id));
      // The owner closes the whole account (its operators go with it); an operator removes only itself.
      const scope = me.isOwner ? eq(users.accountId, me.accountId) : eq(users.id, me.id);
      const gone = await tx.update(users).set({ status: 'deleted', phone: null, updatedAt: now }).where(scope).returning({ id: users.id });
      if (me.isOwner) await tx.update(accounts).set({ status: 'closed', updatedAt: now }).where(eq(accounts.id, me.accountId));
      for (const u of gone) await revokeAllTokens(tx as unknown as typeof db, u.id, now);
    });
    return ok(req, null);
  });
}
