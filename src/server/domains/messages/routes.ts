// Message centre (SPEC §7 Messages): list, detail (reading marks read), unread count for the
// header badge, read all, batch read and batch delete. Always the caller's own messages.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { MessageView, Page } from '../../../shared/api';
import { catchUp } from '../../consumers/delivery';
import type { DomainContext } from '../../domain';
import { messages } from '../../db/schema';
import { fieldError, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { pageFrom } from '../../pagination';
import { messageSchemas as S } from './schemas';
import { linksForReader } from '../../notify/links';
import { isUuid } from '../../validate';



function idsFrom(body: unknown): string[] {
  const ids = (body as { ids?: unknown } | undefined)?.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 200 || !ids.every((i) => typeof i === 'string' && isUuid(i))) {
    throw fieldError({ ids: 'validation:required' });
  }
  return ids as string[];
}

export default async function messageRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, clock } = ctx;
  app.addHook('preValidation', app.requireAuth);
  // Record moves' messages are written by the news consumer: what is readable is written before it is read.
  app.addHook('preHandler', async () => catchUp(db, ctx.news));

  /** The messages as the reader sees them: texts in its language, links of its console variant (notify/links.ts). */
  const renderAll = async (req: FastifyRequest, rows: (typeof messages.$inferSelect)[]): Promise<MessageView[]> => {
    const links = await linksForReader(db, req, rows.map((m) => m.link));
    return rows.map((m, i) => render(req, m, links[i]));
  };
  const render = (req: FastifyRequest, m: typeof messages.$inferSelect, link: string | null): MessageView => ({
    id: m.id,
    kind: m.kind,
    title: req.t(`messages:${m.kind}.title`, m.params),
    content: req.t(`messages:${m.kind}.content`, m.params),
    link,
    createdAt: m.createdAt.toISOString(),
    read: m.readAt !== null,
  });
  const mine = (req: FastifyRequest) => and(eq(messages.userId, currentUser(req).id), isNull(messages.deletedAt));

  app.post('/system/message/list', { schema: S.list }, async (req) => {
    const page = pageFrom(req.body);
    const read = (req.body as { read?: unknown } | undefined)?.read;
    const where = and(mine(req), read === false ? isNull(messages.readAt) : undefined);
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(messages).where(where).orderBy(desc(messages.createdAt)).limit(page.pageSize).offset(page.offset),
      db.select({ total: count() }).from(messages).where(where),
    ]);
    const data: Page<MessageView> = { records: await renderAll(req, rows), total };
    return ok(req, data);
  });

  app.get('/system/message/detail', { schema: S.detail }, async (req) => {
    const id = String((req.query as { id?: string }).id ?? '');
    if (!isUuid(id)) throw notFound();
    const [m] = await db.select().from(messages).where(and(mine(req), eq(messages.id, id)));
    if (!m) throw notFound();
    if (!m.readAt) {
      m.readAt = clock.now();
      await db.update(messages).set({ readAt: m.readAt }).where(eq(messages.id, id));
    }
    return ok(req, (await renderAll(req, [m]))[0]);
  });

  app.get('/system/message/notread', { schema: S.notread }, async (req) => {
    const [{ n }] = await db.select({ n: count() }).from(messages).where(and(mine(req), isNull(messages.readAt)));
    return ok(req, n);
  });

  app.get('/system/message/readall', { schema: S.readall }, async (req) => {
    await db.update(messages).set({ readAt: clock.now() }).where(and(mine(req), isNull(messages.readAt)));
    return ok(req, null);
  });

  app.post('/system/message/batchRead', { schema: S.batchRead }, async (req) => {
    const ids = idsFrom(req.body);
    await db.update(messages).set({ readAt: clock.now() }).where(and(mine(req), inArray(messages.id, ids), isNull(messages.readAt)));
    return ok(req, null);
  });

  app.post('/system/message/batchDelete', { schema: S.batchDelete }, async (req) => {
    const ids = idsFrom(req.body);
    await db.update(messages).set({ deletedAt: clock.now() }).where(and(mine(req), inArray(messages.id, ids)));
    return ok(req, null);
  });
}
