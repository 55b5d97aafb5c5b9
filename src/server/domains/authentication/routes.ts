// Enterprise and personal authentication (SPEC §3 forms, DESIGN §5 Accounts):
// unverified -> submitted -> approved | rejected (resubmit). The owner submits the form of the
// account's type; operations staff review it; an approved account may trade. A personal
// account can become an enterprise one (pChangeE) and then authenticates as an enterprise.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AuthenticationView, Page } from '../../../shared/api';
import { fieldBehaviour } from '../../../shared/resources/fieldKinds';
import type { AppContext } from '../../context';
import { accounts, authentications, files, users } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { pageFrom } from '../../pagination';
import type { CompiledForm } from '../../resources/registry';
import { consumeSmsCode } from '../../sms/codes';
import { closeTodo, notifyUser, openTodo } from '../../notify';
import { routePath } from '../../resources/consolePaths';
import { toUserInfo } from '../users/routes';
import { FORM_OF, authenticationSchemas as S } from './schemas';
import { isUuid } from '../../validate';
import { maskPhone } from '../../../shared/validators';


type AuthRow = typeof authentications.$inferSelect;

/** Upload ids referenced by the fields of a form whose kind holds uploads (image, file: arrays of ids). */
function fileIdsOf(form: CompiledForm, data: Record<string, unknown>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, f] of Object.entries(form.def.record.properties)) {
    if (fieldBehaviour(f).uploads && Array.isArray(data[name])) out.set(name, data[name] as string[]);
  }
  return out;
}

export default async function authenticationRoutes(app: FastifyInstance, ctx: AppContext & { forms: Map<string, CompiledForm> }) {
  const { db, clock, forms } = ctx;
  app.addHook('preValidation', app.requireAuth);

  const formFor = (kind: 'enterprise' | 'personal') => {
    const form = forms.get(FORM_OF[kind]);
    if (!form) throw new Error(`schemas/forms/${FORM_OF[kind]}.json is missing`);
    return form;
  };
  const detail = (a: AuthRow): AuthenticationView => ({
    id: a.id,
    kind: a.kind,
    data: a.data,
    status: a.status,
    reason: a.reason,
    submittedAt: a.submittedAt.toISOString(),
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
  });
  const latestOf = async (accountId: string) => {
    const [a] = await db.select().from(authentications).where(eq(authentications.accountId, accountId)).orderBy(desc(authentications.submittedAt)).limit(1);
    return a;
  };

  app.get('/meta/forms/:name', { schema: S.form }, async (req) => {
    const form = forms.get((req.params as { name: string }).name);
    if (!form) throw notFound();
    return ok(req, form.def);
  });

  /**
   * The account's status, its latest submission (to pre-fill a resubmission) and what the first
   * submission starts from: the enterprise name given at registration (issue 17). An account
   * that became an enterprise later was registered under its (masked) phone, which is no enterprise name.
   */
  app.get('/system/authentication/current', { schema: S.current }, async (req) => {
    const me = currentUser(req);
    const latest = await latestOf(me.accountId);
    const kind = me.account.type === 'enterprise' ? 'enterprise' : 'personal';
    const registeredName = kind === 'enterprise' && me.account.name && me.account.name !== me.phone && me.account.name !== maskPhone(me.phone ?? '') ? me.account.name : undefined;
    return ok(req, {
      authStatus: me.account.authStatus,
      kind,
      latest: latest ? detail(latest) : null,
      prefill: registeredName ? { name: registeredName } : {},
    });
  });

  app.post('/system/authentication/submit', { schema: S.submit(forms) }, async (req) => {
    const me = currentUser(req);
    if (!me.isOwner) throw forbidden('ownerOnly');
    if (me.account.type === 'platform') throw forbidden();
    const kind = me.account.type === 'enterprise' ? 'enterprise' : 'personal';
    const body = (req.body ?? {}) as { kind?: unknown; data?: unknown };
    if (body.kind !== kind) throw fieldError({ kind: 'invalidValue' });
    if (me.account.authStatus === 'submitted') throw conflict('authPending');
    if (me.account.authStatus === 'approved') throw conflict('authApproved');
    const form = formFor(kind);
    const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? { ...(body.data as Record<string, unknown>) } : {};
    form.check(data, req.t);

    // Every referenced upload must be this account's own.
    const refs = fileIdsOf(form, data);
    const ids = [...new Set([...refs.values()].flat())];
    const owned = ids.length
      ? new Set((await db.select({ id: files.id }).from(files).where(and(eq(files.accountId, me.accountId), inArray(files.id, ids)))).map((f) => f.id))
      : new Set<string>();
    const foreign = [...refs.entries()].filter(([, list]) => list.some((id) => !owned.has(id)));
    if (foreign.length) throw fieldError(Object.fromEntries(foreign.map(([name]) => [name, 'uploadNotFound'])));

    // The legal representative proves the phone with a code (enterprise form).
    if (kind === 'enterprise') await consumeSmsCode(ctx, String(data.legalPhone), 'verify', String(data.smsCode), 'smsCode');
    for (const field of form.def.transient ?? []) delete data[field];

    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      // Conditional: of two concurrent submissions only one moves the account to 'submitted'.
      const moved = await tx
        .update(accounts)
        .set({ authStatus: 'submitted', updatedAt: now })
        .where(and(eq(accounts.id, me.accountId), inArray(accounts.authStatus, ['unverified', 'rejected'])))
        .returning({ id: accounts.id });
      if (!moved.length) throw conflict('authPending');
      const [a] = await tx
        .insert(authentications)
        .values({ accountId: me.accountId, kind, data, status: 'submitted', submittedBy: me.id, submittedAt: now })
        .returning();
      return a;
    });
    await notifyUser(db, me.id, 'authSubmitted', now);
    return ok(req, detail(row));
  });

  /** Personal account -> enterprise account; it then authenticates as an enterprise. */
  app.get('/system/authentication/pChangeE', { schema: S.pChangeE }, async (req) => {
    const me = currentUser(req);
    if (!me.isOwner) throw forbidden('ownerOnly');
    if (me.account.type !== 'personal') throw conflict('alreadyEnterprise');
    if (me.account.authStatus === 'submitted') throw conflict('authPending');
    const now = clock.now();
    const [account] = await db
      .update(accounts)
      .set({ type: 'enterprise', authStatus: 'unverified', updatedAt: now })
      .where(and(eq(accounts.id, me.accountId), eq(accounts.type, 'personal')))
      .returning();
    if (!account) throw conflict('alreadyEnterprise');
    await openTodo(db, { accountId: me.accountId, kind: 'authenticate', ref: me.accountId, now, link: routePath('businessAuthentication') });
    return ok(req, toUserInfo({ ...me, account }));
  });

  // ---- operations review ----
  const opsOnly = { preValidation: app.requirePermission('ops', 'query') };
  const opsEdit = { preValidation: app.requirePermission('ops', 'edit') };

  app.get('/ops/authentications', { ...opsOnly, schema: S.queue }, async (req) => {
    const q = req.query as Record<string, unknown>;
    const page = pageFrom(q);
    const status = q.status ? String(q.status) : undefined;
    if (status && !['submitted', 'approved', 'rejected'].includes(status)) throw fieldError({ status: 'invalidValue' });
    const where = status ? eq(authentications.status, status as AuthRow['status']) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ a: authentications, accountName: accounts.name })
        .from(authentications)
        .innerJoin(accounts, eq(accounts.id, authentications.accountId))
        .where(where)
        .orderBy(desc(authentications.submittedAt))
        .limit(page.pageSize)
        .offset(page.offset),
      db.select({ total: count() }).from(authentications).where(where),
    ]);
    const data: Page<ReturnType<typeof detail> & { accountName: string; name: string }> = {
      records: rows.map((r) => ({ ...detail(r.a), accountName: r.accountName, name: String(r.a.data.name ?? '') })),
      total,
    };
    return ok(req, data);
  });

  const byId = async (req: FastifyRequest) => {
    const id = (req.params as { id: string }).id;
    if (!isUuid(id)) throw notFound();
    const [row] = await db.select().from(authentications).where(eq(authentications.id, id));
    if (!row) throw notFound();
    return row;
  };

  app.get('/ops/authentications/:id', { ...opsOnly, schema: S.get }, async (req) => ok(req, detail(await byId(req))));

  const review = async (req: FastifyRequest, outcome: 'approved' | 'rejected', reason: string | null) => {
    const a = await byId(req);
    const me = currentUser(req);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const done = await tx
        .update(authentications)
        .set({ status: outcome, reason, reviewedBy: me.id, reviewedAt: now })
        .where(and(eq(authentications.id, a.id), eq(authentications.status, 'submitted')))
        .returning({ id: authentications.id });
      if (!done.length) throw conflict('alreadyReviewed');
      // Approved: the account is known by its authenticated name (a company's, or a person's
      // instead of the masked phone), and a person's owner user too (the greeting, signatures).
      const accountName = outcome === 'approved' && typeof a.data.name === 'string' && a.data.name.trim() ? a.data.name.trim() : undefined;
      await tx
        .update(accounts)
        .set({ authStatus: outcome, ...(accountName ? { name: accountName } : {}), updatedAt: now })
        .where(eq(accounts.id, a.accountId));
      if (accountName && a.kind === 'personal') await tx.update(users).set({ name: accountName, updatedAt: now }).where(and(eq(users.accountId, a.accountId), eq(users.isOwner, true)));
      if (outcome === 'approved') await closeTodo(tx as unknown as typeof db, a.accountId, 'authenticate', a.accountId, now);
    });
    await notifyUser(db, a.submittedBy, outcome === 'approved' ? 'authApproved' : 'authRejected', now, reason ? { reason } : {}, routePath('businessAuthentication'));
    return ok(req, detail({ ...a, status: outcome, reason, reviewedBy: me.id, reviewedAt: now }));
  };

  app.post('/ops/authentications/:id/approve', { ...opsEdit, schema: S.approve }, async (req) => review(req, 'approved', null));
  app.post('/ops/authentications/:id/reject', { ...opsEdit, schema: S.reject }, async (req) => {
    const reason = String((req.body as { reason?: unknown } | undefined)?.reason ?? '').trim();
    if (reason.length < 2 || reason.length > 200) throw fieldError({ reason: reason ? 'tooLong' : 'validation:required' });
    return review(req, 'rejected', reason);
  });
}
