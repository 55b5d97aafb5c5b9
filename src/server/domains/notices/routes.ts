// Notices (SPEC §7): ops publish announcements per platform; users read them in the
// announcement dialog (unread, one at a time) and in the notice list.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, arrayContains, count, desc, asc, eq, isNull, sql } from 'drizzle-orm';
import type { NoticeView, Page } from '../../../shared/api';
import type { AppContext } from '../../context';
import { noticeReads, notices } from '../../db/schema';
import { fieldError, notFound, type MessageRef } from '../../errors';
import { currentUser, userCan } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { pageFrom } from '../../pagination';
import { sanitizeNoticeHtml } from './sanitize';
import { noticeSchemas as S } from './schemas';
import { isUuid } from '../../validate';


type NoticeRow = typeof notices.$inferSelect;
const view = (n: NoticeRow, read: boolean): NoticeView => ({
  noticeId: n.id,
  noticeTitle: n.title,
  noticeContent: n.content,
  platforms: n.platforms,
  status: n.status,
  publishedAt: n.publishedAt.toISOString(),
  read,
});

const PLATFORM_RE = /^[a-z][a-z0-9]{1,15}$/;

async function parseNoticeBody(raw: unknown) {
  const src = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const errors: Record<string, MessageRef> = {};
  const title = typeof src.noticeTitle === 'string' ? src.noticeTitle.trim() : '';
  if (!title) errors.noticeTitle = 'validation:required';
  else if (title.length > 100) errors.noticeTitle = 'tooLong';
  const rawContent = typeof src.noticeContent === 'string' ? src.noticeContent : '';
  // Content that sanitizes to nothing (a lone <script>) is as empty as no content.
  const content = rawContent.length > 50_000 ? '' : await sanitizeNoticeHtml(rawContent);
  if (rawContent.length > 50_000) errors.noticeContent = 'tooLong';
  else if (!content) errors.noticeContent = 'validation:required';
  const platforms = src.platforms;
  if (!Array.isArray(platforms) || platforms.length === 0 || !platforms.every((p) => typeof p === 'string' && PLATFORM_RE.test(p))) {
    errors.platforms = 'validation:required';
  }
  if (Object.keys(errors).length) throw fieldError(errors);
  return { title, content, platforms: [...new Set(platforms as string[])] };
}

export default async function noticeRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  const idParam = (req: FastifyRequest) => {
    const id = (req.params as { id: string }).id;
    if (!isUuid(id)) throw notFound();
    return id;
  };
  const isOps = (req: FastifyRequest) => userCan(currentUser(req), 'ops', 'query');
  const readBy = (userId: string) =>
    sql<boolean>`exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.userId} = ${userId})`;

  app.post('/system/notice/list', { schema: S.list, preValidation: app.requireAuth }, async (req) => {
    const me = currentUser(req);
    const page = pageFrom(req.body);
    const platform = (req.body as { platform?: unknown } | undefined)?.platform;
    const conds = [];
    if (!isOps(req)) conds.push(eq(notices.status, 'published'));
    if (typeof platform === 'string' && platform) conds.push(arrayContains(notices.platforms, [platform]));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      db.select({ n: notices, read: readBy(me.id) }).from(notices).where(where).orderBy(desc(notices.publishedAt)).limit(page.pageSize).offset(page.offset),
      db.select({ total: count() }).from(notices).where(where),
    ]);
    const data: Page<NoticeView> = { records: rows.map((r) => view(r.n, r.read)), total };
    return ok(req, data);
  });

  /** The notices this user has not confirmed yet, oldest first: the order the dialog shows them. */
  app.get('/system/notice/unread', { schema: S.unread, preValidation: app.requireAuth }, async (req) => {
    const me = currentUser(req);
    const platform = String((req.query as { platform?: string }).platform ?? '');
    if (!PLATFORM_RE.test(platform)) throw fieldError({ platform: 'validation:required' });
    const rows = await db
      .select({ n: notices })
      .from(notices)
      .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, me.id)))
      .where(and(eq(notices.status, 'published'), arrayContains(notices.platforms, [platform]), isNull(noticeReads.noticeId)))
      .orderBy(asc(notices.publishedAt))
      .limit(50);
    return ok(req, rows.map((r) => view(r.n, false)));
  });

  app.get('/system/notice/readed', { schema: S.readed, preValidation: app.requireAuth }, async (req) => {
    const me = currentUser(req);
    const id = String((req.query as { noticeId?: string }).noticeId ?? '');
    if (!isUuid(id)) throw fieldError({ noticeId: 'validation:required' });
    const [n] = await db.select({ id: notices.id }).from(notices).where(and(eq(notices.id, id), eq(notices.status, 'published')));
    if (!n) throw notFound();
    await db.insert(noticeReads).values({ noticeId: id, userId: me.id, readAt: clock.now() }).onConflictDoNothing();
    return ok(req, null);
  });

  app.get('/system/notice/:id', { schema: S.get, preValidation: app.requireAuth }, async (req) => {
    const me = currentUser(req);
    const id = idParam(req);
    const [row] = await db.select({ n: notices, read: readBy(me.id) }).from(notices).where(eq(notices.id, id));
    if (!row || (row.n.status !== 'published' && !isOps(req))) throw notFound();
    return ok(req, view(row.n, row.read));
  });

  app.post('/system/notice', { schema: S.create, preValidation: app.requirePermission('ops', 'add') }, async (req) => {
    const body = await parseNoticeBody(req.body);
    const now = clock.now();
    const [n] = await db
      .insert(notices)
      .values({ ...body, createdBy: currentUser(req).id, publishedAt: now, updatedAt: now })
      .returning();
    return ok(req, view(n, false));
  });

  app.put('/system/notice/:id', { schema: S.update, preValidation: app.requirePermission('ops', 'edit') }, async (req) => {
    const id = idParam(req);
    const body = await parseNoticeBody(req.body);
    const [n] = await db.update(notices).set({ ...body, updatedAt: clock.now() }).where(eq(notices.id, id)).returning();
    if (!n) throw notFound();
    return ok(req, view(n, false));
  });

  app.delete('/system/notice/:id', { schema: S.remove, preValidation: app.requirePermission('ops', 'delete') }, async (req) => {
    const id = idParam(req);
    const gone = await db.delete(notices).where(eq(notices.id, id)).returning({ id: notices.id });
    if (!gone.length) throw notFound();
    return ok(req, null);
  });
}
