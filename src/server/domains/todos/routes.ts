// Todos (SPEC §7 Todos): the account's open work, filtered by businessType: '0' (the variants
// other than the mutual one) lists the account's general work (businessType '0': every todo
// written today), '1' (the mutual variant) that and the mutual business's own ('1'), so a bill
// to confirm shows in every variant. Each todo's link is given as the reader's console variant
// opens it (notify/links.ts). The /system/order/* paths are the older names of the same queries.
// Every list and count holds only the todos the user's operator type can act on (actsOn).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Page, TodoView } from '../../../shared/api';
import { catchUp } from '../../consumers/delivery';
import type { DomainContext } from '../../domain';
import { todos } from '../../db/schema';
import { fieldError } from '../../errors';
import { actorOf, currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { pageFrom } from '../../pagination';
import { findRoute } from '../../../shared/menu';
import { todoSchemas as S } from './schemas';
import { linksForReader } from '../../notify/links';


function businessTypeOf(body: unknown): '0' | '1' {
  const v = (body as { businessType?: unknown } | undefined)?.businessType;
  if (v === undefined || v === null || v === '') return '0';
  if (v === '0' || v === '1' || v === 0 || v === 1) return String(v) as '0' | '1';
  throw fieldError({ businessType: 'invalidValue' });
}

/** The todos a business type lists: the general ones ('0') everywhere, the mutual ones ('1') in the mutual variant too. */
const ofBusinessType = (body: unknown) => inArray(todos.businessType, businessTypeOf(body) === '1' ? ['0', '1'] : ['0']);

/** The list's status filter: open (default, what the home page shows), done, or all. */
function statusOf(body: unknown) {
  const v = (body as { status?: unknown } | undefined)?.status;
  if (v === 'done') return eq(todos.status, 'done');
  if (v === 'all') return undefined;
  return eq(todos.status, 'open');
}

const toTodoView = (req: FastifyRequest, t: typeof todos.$inferSelect, link: string | null): TodoView => ({
  id: t.id,
  kind: t.kind,
  title: req.t(`messages:todo.${t.kind}`, t.params),
  link,
  businessType: t.businessType,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  doneAt: t.doneAt?.toISOString() ?? null,
});

export default async function todoRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, clock } = ctx;
  app.addHook('preValidation', app.requireAuth);
  // Record moves' todos are written by the news consumer: what is readable is written before it is read.
  app.addHook('preHandler', async () => catchUp(ctx.db, ctx.news));
  const views = async (req: FastifyRequest, rows: (typeof todos.$inferSelect)[]) => {
    const links = await linksForReader(db, req, rows.map((t) => t.link));
    return rows.map((t, i) => toTodoView(req, t, links[i]));
  };
  const openFor = (req: FastifyRequest) =>
    and(eq(todos.accountId, currentUser(req).accountId), eq(todos.status, 'open'), ofBusinessType(req.body));
  /**
   * Whether this user's operator type can do what a todo asks (issue 28): a grant to act (add or
   * edit), not only to read, on the permission of the page the todo opens: its resource's (a
   * contract to sign: contracts; a bill to confirm or pay: settlement), else the page's own ids. A
   * viewer sees no todo; a purchaser no bill to pay. A todo without a known page is for all.
   */
  const actsOn = (req: FastifyRequest) => {
    const grants = new Map(actorOf(currentUser(req)).permissions.map((p) => [p.permissionId, p.actionEntitySet.map((a) => a.action)]));
    const acts = (id: string) => (grants.get(id) ?? []).some((action) => action === 'add' || action === 'edit');
    return (link: string | null) => {
      const route = link ? findRoute(link) : undefined;
      if (!route) return true;
      const render = route.render as { resource?: string } | undefined;
      const permissionId = render?.resource ? ctx.resources.get(render.resource)?.def.permissionId : undefined;
      const ids = permissionId ? [permissionId] : route.permissionIds;
      return ids.length === 0 || ids.some(acts);
    };
  };
  /** The open todos of the request's business type that this user can act on, newest first. */
  const openRows = async (req: FastifyRequest) => {
    const mine = actsOn(req);
    return (await db.select().from(todos).where(openFor(req)).orderBy(desc(todos.createdAt))).filter((t) => mine(t.link));
  };

  const countHandler = async (req: FastifyRequest) => ok(req, (await openRows(req)).length);
  const listHandler = async (req: FastifyRequest) => {
    const page = pageFrom(req.body);
    const where = and(eq(todos.accountId, currentUser(req).accountId), statusOf(req.body), ofBusinessType(req.body));
    const mine = actsOn(req);
    const rows = (await db.select().from(todos).where(where).orderBy(desc(todos.createdAt))).filter((t) => mine(t.link));
    const data: Page<TodoView> = {
      records: await views(req, rows.slice(page.offset, page.offset + page.pageSize)),
      total: rows.length,
    };
    return ok(req, data);
  };

  /** getTodoUserList: the open todos of the account this user (owner or operator) can act on (actsOn). */
  app.post('/system/order/getTodoUserList', { schema: S.userList }, async (req) => {
    const page = pageFrom(req.body);
    const rows = await openRows(req);
    const data: Page<TodoView> = {
      records: await views(req, rows.slice(page.offset, page.offset + page.pageSize)),
      total: rows.length,
    };
    return ok(req, data);
  });
  app.post('/system/newTodo/todoCount', { schema: S.count }, countHandler);
  app.post('/system/newTodo/todoList', { schema: S.list }, listHandler);
  app.post('/system/order/getTodoCount', { schema: S.count }, countHandler);
  app.post('/system/order/getTodoList', { schema: S.list }, listHandler);
  /** Server time, so the console can show todo ages and the clock without trusting the device. */
  app.get('/system/newTodo/checkTime', { schema: S.checkTime }, async (req) => ok(req, { serverTime: clock.now().toISOString() }));
}
