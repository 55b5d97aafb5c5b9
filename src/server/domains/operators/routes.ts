// Operators (sub-accounts, SPEC §3/§7, DESIGN §5): the owner adds one with an operator type, the
// operator binds its phone by SMS code and sets its password, then signs in; the owner edits the
// type, enables, disables, unbinds, re-binds and deletes. Disabling, unbinding and deleting end
// the operator's sessions at once; the role is read from the database on every request, so a
// type change applies on the operator's next request. Every change is written to operator_events.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '../../../shared/api';
import type { OperatorAction, OperatorEventView, OperatorView, SubAccountOverview } from '../../../shared/operators';
import { OPERATOR_TYPES } from '../../../shared/permissions';
import { maskPhone } from '../../../shared/validators';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { operatorEvents, users } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { pageFrom } from '../../pagination';
import { oneOf, required, validateBody, type Rule } from '../../validate';
import { hashPassword } from '../auth/passwords';
import { passwordRule, phoneRule, smsCodeRule } from '../auth/rules';
import { consumeSmsCode, sendSmsCode } from '../../sms/codes';
import { revokeAllTokens, type SessionUser } from '../../sessions/tokens';
import { findUserByPhone, isUniqueViolation, type UserRow } from '../auth/users-store';
import { operatorSchemas as S } from './schemas';

// Length is bounded by the route schema; a name of blanks is no name.
const nameRule: Rule = (v) => (!v || !v.trim() ? 'validation:required' : null);
const typeRule = oneOf(OPERATOR_TYPES);

export function toOperatorView(u: UserRow, viewer: SessionUser): OperatorView {
  const phone = u.phone ?? '';
  return {
    id: u.id,
    name: u.name,
    phone: viewer.isOwner ? phone : maskPhone(phone),
    operatorType: u.role,
    status: u.status === 'disabled' ? 'disabled' : 'active',
    bound: u.bound,
    createdAt: u.createdAt.toISOString(),
  };
}

async function record(db: Db, actor: SessionUser | UserRow, target: UserRow, action: OperatorAction, now: Date, detail: Record<string, string> = {}) {
  await db.insert(operatorEvents).values({ accountId: target.accountId, actorId: actor.id, targetId: target.id, action, detail, createdAt: now });
}

export default async function operatorRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;

  /** Only the account owner manages operators: an operator can never raise its own grants. Before validation: a stranger gets 401, not a verdict on the body. */
  const ownerOnly = async (req: FastifyRequest) => {
    await app.requireAuth(req);
    const me = currentUser(req);
    if (!me.isOwner || me.account.type === 'platform') throw forbidden('operators:errors.ownerOnly');
  };

  /** A live operator of the caller's account (never the owner), or 404. */
  async function targetOf(req: FastifyRequest): Promise<UserRow> {
    const me = currentUser(req);
    const { id } = validateBody(req.body, { id: required });
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.accountId, me.accountId), eq(users.isOwner, false), ne(users.status, 'deleted')))
      .limit(1);
    if (!row) throw notFound('operators:errors.notFound');
    return row;
  }

  app.get('/system/users/querySubAccount', { schema: S.query, preHandler: app.requirePermission('operators', 'query') }, async (req) => {
    const me = currentUser(req);
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.accountId, me.accountId), ne(users.status, 'deleted')))
      .orderBy(asc(users.createdAt));
    const owner = rows.find((u) => u.isOwner);
    const operators = rows.filter((u) => !u.isOwner);
    const data: SubAccountOverview = {
      account: { id: me.account.id, name: me.account.name, type: me.account.type, authStatus: me.account.authStatus },
      owner: { name: owner?.name ?? '', maskedPhone: maskPhone(owner?.phone ?? '') },
      canManage: me.isOwner && me.account.type !== 'platform',
      records: operators.map((u) => toOperatorView(u, me)),
      total: operators.length,
    };
    return ok(req, data);
  });

  app.get('/system/users/subAccountLog', { schema: S.events, preHandler: app.requirePermission('operators', 'query') }, async (req) => {
    const me = currentUser(req);
    const page = pageFrom(req.query);
    const actor = alias(users, 'actor');
    const target = alias(users, 'target');
    const where = eq(operatorEvents.accountId, me.accountId);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ e: operatorEvents, actorName: actor.name, targetName: target.name })
        .from(operatorEvents)
        .innerJoin(actor, eq(actor.id, operatorEvents.actorId))
        .innerJoin(target, eq(target.id, operatorEvents.targetId))
        .where(where)
        .orderBy(desc(operatorEvents.createdAt), desc(operatorEvents.id))
        .limit(page.pageSize)
        .offset(page.offset),
      db.select({ total: count() }).from(operatorEvents).where(where),
    ]);
    const data: Page<OperatorEventView> = {
      records: rows.map((r) => ({
        id: r.e.id,
        action: r.e.action as OperatorAction,
        actorName: r.actorName,
        targetName: r.targetName,
        detail: r.e.detail,
        createdAt: r.e.createdAt.toISOString(),
      })),
      total,
    };
    return ok(req, data);
  });

  // Add (no id) or edit (id): one path, as SPEC §7 names only subAccount for both.
  app.post('/system/users/subAccount', { schema: S.save, preValidation: ownerOnly }, async (req) => {
    const me = currentUser(req);
    const now = clock.now();
    const raw = (req.body ?? {}) as { id?: string };
    if (raw.id) {
      const target = await targetOf(req);
      const body = validateBody(req.body, { name: nameRule, operatorType: typeRule });
      if ((req.body as { phone?: string }).phone && (req.body as { phone?: string }).phone !== target.phone) {
        throw fieldError({ phone: 'operators:errors.phoneFixed' });
      }
      const [updated] = await db.transaction(async (tx) => {
        const rows = await tx.update(users).set({ name: body.name.trim(), role: body.operatorType, updatedAt: now }).where(eq(users.id, target.id)).returning();
        await record(tx as unknown as Db, me, target, 'edit', now, { from: target.role, to: body.operatorType });
        return rows;
      });
      return ok(req, toOperatorView(updated, me));
    }
    const body = validateBody(req.body, { name: nameRule, phone: phoneRule, operatorType: typeRule });
    if (await findUserByPhone(db, body.phone)) throw fieldError({ phone: 'phoneRegistered' });
    // Nobody knows this password: the operator sets its own when it binds.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    let created: UserRow;
    try {
      created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ accountId: me.accountId, phone: body.phone, name: body.name.trim(), passwordHash, role: body.operatorType, isOwner: false, bound: false, createdAt: now, updatedAt: now })
          .returning();
        await record(tx as unknown as Db, me, row, 'add', now, { operatorType: body.operatorType });
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('phoneRegistered');
      throw err;
    }
    const sent = await sendSmsCode(ctx, body.phone, 'bindSubAccount');
    return ok(req, { ...toOperatorView(created, me), retryAfter: sent.retryAfter });
  });

  /** Re-bind: a fresh bind code for an operator that is not bound (new, or unbound). */
  app.post('/system/users/sendBindCode', { schema: S.sendBindCode, preValidation: ownerOnly }, async (req) => {
    const target = await targetOf(req);
    if (target.bound) throw conflict('operators:errors.alreadyBound');
    const sent = await sendSmsCode(ctx, target.phone ?? '', 'bindSubAccount');
    await record(db, currentUser(req), target, 'sendBindCode', clock.now());
    return ok(req, sent);
  });

  const change = (action: 'enable' | 'disable' | 'unbind' | 'delete') => async (req: FastifyRequest) => {
    const me = currentUser(req);
    const target = await targetOf(req);
    const now = clock.now();
    const set: Partial<UserRow> =
      action === 'enable'
        ? { status: 'active' }
        : action === 'disable'
          ? { status: 'disabled' }
          : action === 'unbind'
            ? { bound: false }
            : // The phone is freed so the number can register (or be added) again.
              { status: 'deleted', phone: null };
    await db.transaction(async (tx) => {
      await tx.update(users).set({ ...set, updatedAt: now }).where(eq(users.id, target.id));
      if (action !== 'enable') await revokeAllTokens(tx as unknown as Db, target.id, now);
      await record(tx as unknown as Db, me, target, action, now);
    });
    return ok(req, null);
  };
  app.post('/system/users/enableSubAccount', { schema: S.enable, preValidation: ownerOnly }, change('enable'));
  app.post('/system/users/disableSubAccount', { schema: S.disable, preValidation: ownerOnly }, change('disable'));
  app.post('/system/users/unbindSubAccount', { schema: S.unbind, preValidation: ownerOnly }, change('unbind'));
  app.post('/system/users/deleteSubAccount', { schema: S.remove, preValidation: ownerOnly }, change('delete'));

  // No token: the operator proves its phone with the bind code and chooses its password.
  app.post('/system/users/bindSubAccount', { schema: S.bind }, async (req) => {
    const body = validateBody(req.body, { phone: phoneRule, code: smsCodeRule, password: passwordRule });
    const target = await findUserByPhone(db, body.phone);
    if (!target || target.isOwner || target.bound || target.status === 'deleted') throw fieldError({ phone: 'operators:errors.nothingToBind' });
    await consumeSmsCode(ctx, body.phone, 'bindSubAccount', body.code);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ bound: true, passwordHash: await hashPassword(body.password), failedLogins: 0, lockedUntil: null, updatedAt: now })
        .where(eq(users.id, target.id));
      await record(tx as unknown as Db, target, target, 'bind', now);
    });
    return ok(req, null);
  });
}
