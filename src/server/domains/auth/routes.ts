// Sign-in, registration and password reset (SPEC §7 Authentication, DESIGN §4 bodies).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { TokenResponse } from '../../../shared/api';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, TOKEN_LIFETIME_MS, USER_TYPES, type SmsScene } from '../../../shared/constants';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest, conflict, fieldError, forbidden, tooMany } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { routePath } from '../../resources/consolePaths';
import { oneOf, required, validateBody } from '../../validate';
import { notifyUser, openTodo } from '../../notify';
import { PROMOTION_SAVED, promotionSavedAt } from '../promotion/leads';
import { checkCaptcha, createCaptcha } from './captcha';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { passwordRule, phoneRule, sceneRule, smsCodeRule } from './rules';
import { consumeSmsCode, minutesOf, sendSmsCode } from '../../sms/codes';
import { issueToken, revokeAllTokens, revokeToken } from '../../sessions/tokens';
import {
  clearLoginFailures,
  createAccountWithOwner,
  findUserByPhone,
  isUniqueViolation,
  takeLoginTry,
  type UserRow,
} from './users-store';
import { authSchemas as S } from './schemas';

/** Scenes whose phone must already belong to a user, and the one whose phone must not. */
const SCENES_FOR_EXISTING: SmsScene[] = ['login', 'reset'];

export default async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;

  async function signIn(user: UserRow): Promise<TokenResponse> {
    const { token } = await issueToken(db, user.id, clock.now());
    return { access_token: token, expires_in: TOKEN_LIFETIME_MS / 1000 };
  }

  function assertCanSignIn(user: UserRow) {
    if (user.status === 'disabled') throw forbidden('accountDisabled');
    if (!user.bound) throw forbidden('operators:errors.unbound');
  }

  app.get('/captchaImage', { schema: S.captchaImage, config: { rateLimit: { rule: 'captcha' } } }, async (req) => ok(req, await createCaptcha(db, clock.now())));

  app.post('/smscode', { schema: S.smscode, config: { rateLimit: { rule: 'sms' } } }, async (req) => {
    const body = validateBody(req.body, { phone: phoneRule, scene: sceneRule });
    const scene = body.scene as SmsScene;
    const existing = await findUserByPhone(db, body.phone);
    if (scene === 'register' && existing) throw fieldError({ phone: 'phoneRegistered' });
    if (SCENES_FOR_EXISTING.includes(scene) && !existing) throw fieldError({ phone: 'phoneNotRegistered' });
    if (scene === 'login' && existing) assertCanSignIn(existing);
    // A number already left for the promotion needs no code (savePhone would refuse it).
    if (scene === 'promotion' && (await promotionSavedAt(db, body.phone))) throw fieldError({ phone: PROMOTION_SAVED });
    if (scene === 'updateMobile' || scene === 'verify' || scene === 'bindSubAccount') {
      await app.requireAuth(req);
      // 'verify' may go to another phone (a legal representative's): the code is bound to that
      // phone, so it can only prove that phone, never the user's own (deleteAccount checks own).
      if (scene === 'updateMobile' && existing) throw fieldError({ phone: 'phoneRegistered' });
    }
    // A signed-in user's code to their own phone confirms their own steps: it counts against the
    // confirmation cap, not the 10 a day of sign-in, registration and reset (sms/codes.ts).
    const own = scene === 'verify' && currentUser(req).phone === body.phone;
    return ok(req, await sendSmsCode(ctx, body.phone, scene, own ? 'confirm' : 'daily'));
  });

  app.post('/register', { schema: S.register, config: { rateLimit: { rule: 'register' } } }, async (req) => {
    const body = validateBody(req.body, {
      userType: oneOf(USER_TYPES),
      enterpriseName: (v, all) =>
        all.userType !== 'enterprise' ? null : !v ? 'validation:enterpriseName' : v.length > 100 ? 'tooLong' : null,
      phone: phoneRule,
      code: smsCodeRule,
      password: passwordRule,
      agree: (v) => (v === 'true' ? null : 'validation:agreement'),
    });
    if (await findUserByPhone(db, body.phone)) throw fieldError({ phone: 'phoneRegistered' });
    await consumeSmsCode(ctx, body.phone, 'register', body.code);
    const enterprise = body.userType === 'enterprise';
    try {
      const user = await createAccountWithOwner(db, {
        type: enterprise ? 'enterprise' : 'personal',
        accountName: enterprise ? body.enterpriseName : body.phone,
        phone: body.phone,
        passwordHash: await hashPassword(body.password),
        role: 'owner',
        now: clock.now(),
      });
      // A new account starts with a welcome message and the one thing to do before trading.
      await notifyUser(db, user.id, 'welcome', clock.now(), { name: user.name });
      await openTodo(db, { accountId: user.accountId, kind: 'authenticate', ref: user.accountId, now: clock.now(), link: routePath('businessAuthentication') });
      return ok(req, { userId: user.id });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('phoneRegistered');
      throw err;
    }
  });

  app.post('/login', { schema: S.login, config: { rateLimit: { rule: 'login' } } }, async (req) => {
    const body = validateBody(req.body, { username: phoneRule, password: required, uuid: required, captchaCode: required });
    if (!(await checkCaptcha(db, body.uuid, body.captchaCode, clock.now()))) throw fieldError({ captchaCode: 'captchaWrong' });
    const user = await findUserByPhone(db, body.username);
    if (!user) {
      await verifyPassword(body.password, await decoyHash()); // same cost as a real check
      throw badRequest({ key: 'loginFailed', params: { left: LOGIN_MAX_FAILURES } });
    }
    assertCanSignIn(user);
    const now = clock.now();
    const left = await takeLoginTry(db, user.id, now);
    if (left === null) {
      const [locked] = await db.select({ until: users.lockedUntil }).from(users).where(eq(users.id, user.id));
      const wait = locked?.until ? Math.max(0, locked.until.getTime() - now.getTime()) : LOGIN_LOCK_MS;
      throw tooMany('accountLocked', { minutes: minutesOf(wait) }, wait);
    }
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      if (left === 0) throw tooMany('accountLocked', { minutes: minutesOf(LOGIN_LOCK_MS) }, LOGIN_LOCK_MS);
      throw badRequest({ key: 'loginFailed', params: { left } });
    }
    await clearLoginFailures(db, user.id);
    return ok(req, await signIn(user));
  });

  app.post('/logincode', { schema: S.logincode, config: { rateLimit: { rule: 'login' } } }, async (req) => {
    const body = validateBody(req.body, { phone: phoneRule, code: smsCodeRule });
    const user = await findUserByPhone(db, body.phone);
    if (!user) throw fieldError({ phone: 'phoneNotRegistered' });
    assertCanSignIn(user);
    await consumeSmsCode(ctx, body.phone, 'login', body.code);
    return ok(req, await signIn(user));
  });

  app.post('/reset', { schema: S.reset, config: { rateLimit: { rule: 'login' } } }, async (req) => {
    const body = validateBody(req.body, { phone: phoneRule, code: smsCodeRule, password: passwordRule });
    const user = await findUserByPhone(db, body.phone);
    if (!user) throw fieldError({ phone: 'phoneNotRegistered' });
    await consumeSmsCode(ctx, body.phone, 'reset', body.code);
    const now = clock.now();
    // A reset also lifts a lockout: the user has just proved they own the phone.
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeAllTokens(db, user.id, now);
    return ok(req, null);
  });

  app.delete('/logout', { schema: S.logout, preValidation: app.requireAuth }, async (req) => {
    await revokeToken(db, currentUser(req).tokenHash, clock.now());
    return ok(req, null);
  });

}
