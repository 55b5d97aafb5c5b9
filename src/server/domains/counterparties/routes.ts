// Counterparties (SPEC §7 searchCom and company/introduction; issue 9): an account finds another
// to trade with, and reads its public introduction. Only approved, active accounts are found,
// never the platform's, and only public fields leave (src/shared/counterparties.ts):
//   - a mobile number finds the account whose active user signs in with it (a person is found
//     this way only, so strangers cannot browse people by name);
//   - a unified social credit code finds the enterprise authenticated with it;
//   - anything else (2+ characters) finds enterprises whose name contains it.
// The mutual-promise service (POST /system/users/openMutual) is opened by the owner of an
// approved account, once; the mutual variant's counterparties must have opened it.
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/api';
import { maskPersonName, type CounterpartyView, type MutualServiceView } from '../../../shared/counterparties';
import { isMobile, isUnifiedSocialCreditCode, normaliseUnifiedSocialCreditCode } from '../../../shared/validators';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accounts, authentications, users } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { pageFrom } from '../../pagination';
import { counterpartySchemas as S } from './schemas';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Approved, active, non-platform accounts with their latest approved authentication (if any). */
function candidates(db: Db, where: SQL | undefined) {
  return db
    .selectDistinctOn([accounts.id], {
      id: accounts.id,
      type: accounts.type,
      name: accounts.name,
      mutualOpenedAt: accounts.mutualOpenedAt,
      data: authentications.data,
      reviewedAt: authentications.reviewedAt,
    })
    .from(accounts)
    .leftJoin(authentications, and(eq(authentications.accountId, accounts.id), eq(authentications.status, 'approved')))
    .where(and(eq(accounts.authStatus, 'approved'), eq(accounts.status, 'active'), ne(accounts.type, 'platform'), where))
    .orderBy(accounts.id, desc(authentications.reviewedAt))
    .as('candidates');
}

type Candidate = { id: string; type: string; name: string; mutualOpenedAt: Date | null; data: Record<string, unknown> | null; reviewedAt: Date | null };

function toView(c: Candidate): CounterpartyView {
  const data = c.data ?? {};
  const enterprise = c.type === 'enterprise';
  const location = Array.isArray(data.location) ? (data.location as unknown[]).filter((v): v is string => typeof v === 'string') : [];
  return {
    id: c.id,
    type: enterprise ? 'enterprise' : 'personal',
    name: enterprise ? c.name : maskPersonName(typeof data.name === 'string' ? data.name : c.name),
    creditCode: enterprise && typeof data.creditCode === 'string' ? data.creditCode : null,
    industry: typeof data.industry === 'string' ? data.industry : Array.isArray(data.industry) ? String((data.industry as unknown[]).at(-1) ?? '') || null : null,
    region: location.slice(0, 2),
    authenticatedAt: c.reviewedAt?.toISOString() ?? null,
    mutualOpened: c.mutualOpenedAt !== null,
  };
}

const mutualView = (openedAt: Date | null): MutualServiceView => ({ opened: openedAt !== null, openedAt: openedAt?.toISOString() ?? null });

export default async function counterpartyRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  app.addHook('preValidation', app.requireAuth);

  app.get('/system/personal/searchCom', { schema: S.search }, async (req) => {
    const me = currentUser(req);
    const q = req.query as { keyword?: string; platform?: string };
    const page = pageFrom(q);
    const keyword = (q.keyword ?? '').trim();
    let match: SQL | undefined;
    if (isMobile(keyword)) {
      const owners = db.select({ accountId: users.accountId }).from(users).where(and(eq(users.phone, keyword), eq(users.status, 'active')));
      match = inArray(accounts.id, owners);
    } else if (isUnifiedSocialCreditCode(normaliseUnifiedSocialCreditCode(keyword))) {
      match = and(eq(accounts.type, 'enterprise'), sql`${authentications.data} ->> 'creditCode' = ${normaliseUnifiedSocialCreditCode(keyword)}`);
    } else if ([...keyword].length >= 2) {
      match = and(eq(accounts.type, 'enterprise'), ilike(accounts.name, `%${escapeLike(keyword)}%`));
    } else {
      throw fieldError({ keyword: 'counterparties:errors.keywordTooShort' });
    }
    const scope = and(match, ne(accounts.id, me.accountId), q.platform === 'xhn' ? isNotNull(accounts.mutualOpenedAt) : undefined);
    const found = candidates(db, scope);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(found).orderBy(found.name, found.id).limit(page.pageSize).offset(page.offset),
      db.select({ total: count() }).from(found),
    ]);
    const data: Page<CounterpartyView> = { records: rows.map(toView), total };
    return ok(req, data);
  });

  app.post('/system/personal/company/introduction', { schema: S.introduction }, async (req) => {
    const { id } = req.body as { id: string };
    const found = candidates(db, eq(accounts.id, id));
    const [row] = await db.select().from(found);
    if (!row) throw notFound();
    return ok(req, toView(row));
  });

  app.get('/system/users/mutualStatus', { schema: S.mutualStatus }, async (req) => {
    const [row] = await db.select({ at: accounts.mutualOpenedAt }).from(accounts).where(eq(accounts.id, currentUser(req).accountId));
    return ok(req, mutualView(row?.at ?? null));
  });

  app.post('/system/users/openMutual', { schema: S.openMutual }, async (req) => {
    const me = currentUser(req);
    if (me.account.type === 'platform' || !me.isOwner) throw forbidden('counterparties:errors.ownerOnly');
    if (me.account.authStatus !== 'approved') throw forbidden('counterparties:errors.approvalFirst');
    // Once: the first call stamps the time, later calls answer the same time.
    const [opened] = await db
      .update(accounts)
      .set({ mutualOpenedAt: clock.now(), updatedAt: clock.now() })
      .where(and(eq(accounts.id, me.accountId), isNull(accounts.mutualOpenedAt)))
      .returning({ at: accounts.mutualOpenedAt });
    if (opened) return ok(req, mutualView(opened.at));
    const [row] = await db.select({ at: accounts.mutualOpenedAt }).from(accounts).where(eq(accounts.id, me.accountId));
    return ok(req, mutualView(row?.at ?? null));
  });
}
