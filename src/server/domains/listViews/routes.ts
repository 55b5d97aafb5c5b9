// Saved views of a list and a user's columns of it (issue 32 items 1 and 2):
//   GET    /api/list-views?resource=            the views the caller may open and the caller's columns
//   POST   /api/list-views                      save a view (filters, sort, columns, page size, name)
//   PUT    /api/list-views/:id                  change one of mine (state, name, shared, default)
//   DELETE /api/list-views/:id                  delete one of mine
//   PUT    /api/list-views/columns/:list        keep my columns of the list (a resource's name): which, order, widths
//   DELETE /api/list-views/columns/:list        reset them to the resource file's
// A view is the caller's (mine), shared by another user of the same account (read only), or
// built in (list.views of the resource file, offered to those who may take its action: the
// operations queues). A view names only what the resource declares (shared/resources/listViews.ts):
// anything else is a 400 naming the field, and nothing is written.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, ne, or } from 'drizzle-orm';
import { decide } from '../../../shared/access';
import { builtInViewId, columnWidthErrors, listViewStateErrors, type ColumnPreference, type ListView, type ListViewState } from '../../../shared/resources/listViews';
import type { DomainContext } from '../../domain';
import type { Db } from '../../db/client';
import { listColumnPreferences, listViews, users } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../errors';
import { actorOf, currentUser, userRecordAbility } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { CompiledResource } from '../../resources/registry';
import { isUniqueViolation } from '../auth/users-store';
import { listViewSchemas as S } from './schemas';

type ViewRow = typeof listViews.$inferSelect;

interface ViewBody extends Partial<ListViewState> {
  resource?: string;
  name?: string;
  shared?: boolean;
  isDefault?: boolean;
}

/** A view of a user as the API answers it. */
const viewOf = (row: ViewRow, callerId: string, ownerName?: string): ListView => ({
  id: row.id,
  resource: row.resource,
  name: row.name,
  filters: row.filters,
  ...(row.sort ? { sort: row.sort } : {}),
  ...(row.columns ? { columns: row.columns } : {}),
  ...(row.pageSize ? { pageSize: row.pageSize } : {}),
  shared: row.shared,
  isDefault: row.userId === callerId && row.isDefault,
  mine: row.userId === callerId,
  builtIn: false,
  ...(row.userId !== callerId && ownerName ? { ownerName } : {}),
});

export default async function listViewRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, clock, resources } = ctx;
  app.addHook('preValidation', app.requireAuth);

  /** The resource whose list the caller may open: an unknown one is a 400 on `resource`, one not permitted a 403. */
  const listed = (req: FastifyRequest, name: string | undefined): CompiledResource => {
    const r = name ? resources.get(name) : undefined;
    if (!r) throw fieldError({ resource: 'invalidValue' });
    if (!decide(actorOf(currentUser(req)), r.def, 'list').can) throw forbidden();
    return r;
  };

  /** The state a body sets, checked against the resource: a 400 naming every wrong field. */
  const checkedState = (r: CompiledResource, body: ViewBody) => {
    const errors = listViewStateErrors(r.def, body);
    if (Object.keys(errors).length) throw fieldError(errors);
  };

  /** One of the caller's views: another user's shared one is a 403 (seen, not theirs to change), anything else a 404. */
  const ownView = async (req: FastifyRequest, id: string): Promise<ViewRow> => {
    const me = currentUser(req);
    const [row] = await db.select().from(listViews).where(eq(listViews.id, id));
    if (!row || row.accountId !== me.accountId || (row.userId !== me.id && !row.shared)) throw notFound();
    if (row.userId !== me.id) throw forbidden('viewNotYours');
    return row;
  };

  /** Writes a view; a second default of the same list stops being the default in the same transaction. */
  const save = async (tx: Db, row: ViewRow | undefined, values: Omit<typeof listViews.$inferInsert, 'createdAt'>): Promise<ViewRow> => {
    if (values.isDefault) {
      await tx
        .update(listViews)
        .set({ isDefault: false })
        .where(and(eq(listViews.userId, values.userId), eq(listViews.resource, values.resource), eq(listViews.isDefault, true), ...(row ? [ne(listViews.id, row.id)] : [])));
    }
    try {
      if (row) return (await tx.update(listViews).set(values).where(eq(listViews.id, row.id)).returning())[0];
      return (await tx.insert(listViews).values({ ...values, createdAt: values.updatedAt }).returning())[0];
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError({ name: 'api:viewNameTaken' });
      throw err;
    }
  };

  app.get<{ Querystring: { resource: string } }>('/list-views', { schema: S.list }, async (req) => {
    const r = listed(req, req.query.resource);
    const me = currentUser(req);
    const actor = actorOf(me);
    // A queue is offered to whoever may take its action on some record (by the action's `by`: a
    // deposit's confirmation is operations', however the account's role reads funds).
    const ability = userRecordAbility(me, r.def);
    const builtIn: ListView[] = (r.def.list.views ?? [])
      .filter((v) => !v.action || (decide(actor, r.def, v.action).can && ability.possibleRulesFor(v.action, r.def.name).length > 0))
      .map((v) => ({
        id: builtInViewId(v.key),
        resource: r.def.name,
        name: r.def.labels[req.lang].views?.[v.key] ?? v.key,
        filters: v.filters,
        ...(v.sort ? { sort: v.sort } : {}),
        shared: true,
        isDefault: false,
        mine: false,
        builtIn: true,
      }));
    const rows = await db
      .select({ view: listViews, ownerName: users.name })
      .from(listViews)
      .innerJoin(users, eq(users.id, listViews.userId))
      .where(and(eq(listViews.accountId, me.accountId), eq(listViews.resource, r.def.name), or(eq(listViews.userId, me.id), eq(listViews.shared, true))))
      .orderBy(asc(listViews.name), asc(listViews.id));
    // Views of another user whose state the resource no longer allows (a filter since removed) are left out.
    const usable = rows.filter(({ view }) => Object.keys(listViewStateErrors(r.def, stateOf(view))).length === 0 || view.userId === me.id);
    const [pref] = await db.select().from(listColumnPreferences).where(and(eq(listColumnPreferences.userId, me.id), eq(listColumnPreferences.resource, r.def.name)));
    const columns: ColumnPreference | null = pref ? { columns: pref.columns, widths: pref.widths } : null;
    return ok(req, { views: [...builtIn, ...usable.map(({ view, ownerName }) => viewOf(view, me.id, ownerName ?? undefined))], columns });
  });

  app.post<{ Body: ViewBody }>('/list-views', { schema: S.create }, async (req) => {
    const r = listed(req, req.body.resource);
    checkedState(r, req.body);
    const me = currentUser(req);
    const name = req.body.name!.trim();
    if (!name) throw fieldError({ name: 'validation:required' });
    const row = await db.transaction(async (raw) =>
      save(raw as unknown as Db, undefined, {
        accountId: me.accountId,
        userId: me.id,
        resource: r.def.name,
        name,
        filters: req.body.filters ?? {},
        sort: req.body.sort ?? null,
        columns: req.body.columns ?? null,
        pageSize: req.body.pageSize ?? null,
        shared: req.body.shared ?? false,
        isDefault: req.body.isDefault ?? false,
        updatedAt: clock.now(),
      }),
    );
    return ok(req, viewOf(row, me.id));
  });

  app.put<{ Params: { id: string }; Body: ViewBody }>('/list-views/:id', { schema: S.update }, async (req) => {
    const current = await ownView(req, req.params.id);
    if (req.body.resource !== undefined && req.body.resource !== current.resource) throw fieldError({ resource: 'api:viewResourceFixed' });
    const r = listed(req, current.resource);
    checkedState(r, req.body);
    const name = req.body.name === undefined ? current.name : req.body.name.trim();
    if (!name) throw fieldError({ name: 'validation:required' });
    const has = (field: keyof ViewBody) => Object.prototype.hasOwnProperty.call(req.body, field);
    const row = await db.transaction(async (raw) =>
      save(raw as unknown as Db, current, {
        accountId: current.accountId,
        userId: current.userId,
        resource: current.resource,
        name,
        filters: req.body.filters ?? current.filters,
        sort: has('sort') ? (req.body.sort ?? null) : current.sort,
        columns: has('columns') ? (req.body.columns ?? null) : current.columns,
        pageSize: has('pageSize') ? (req.body.pageSize ?? null) : current.pageSize,
        shared: req.body.shared ?? current.shared,
        isDefault: req.body.isDefault ?? current.isDefault,
        updatedAt: clock.now(),
      }),
    );
    return ok(req, viewOf(row, row.userId));
  });

  app.delete<{ Params: { id: string } }>('/list-views/:id', { schema: S.remove }, async (req) => {
    const current = await ownView(req, req.params.id);
    await db.delete(listViews).where(eq(listViews.id, current.id));
    return ok(req, null);
  });

  app.put<{ Params: { list: string }; Body: ColumnPreference }>('/list-views/columns/:list', { schema: S.setColumns }, async (req) => {
    const r = listed(req, req.params.list);
    const widths = req.body.widths ?? {};
    const errors = { ...listViewStateErrors(r.def, { columns: req.body.columns }), ...columnWidthErrors(req.body.columns, widths) };
    if (Object.keys(errors).length) throw fieldError(errors);
    const me = currentUser(req);
    const values = { userId: me.id, resource: r.def.name, columns: req.body.columns, widths, updatedAt: clock.now() };
    await db
      .insert(listColumnPreferences)
      .values(values)
      .onConflictDoUpdate({ target: [listColumnPreferences.userId, listColumnPreferences.resource], set: { columns: values.columns, widths: values.widths, updatedAt: values.updatedAt } });
    return ok(req, { columns: values.columns, widths: values.widths } satisfies ColumnPreference);
  });

  app.delete<{ Params: { list: string } }>('/list-views/columns/:list', { schema: S.resetColumns }, async (req) => {
    const r = listed(req, req.params.list);
    await db.delete(listColumnPreferences).where(and(eq(listColumnPreferences.userId, currentUser(req).id), eq(listColumnPreferences.resource, r.def.name)));
    return ok(req, null);
  });
}

const stateOf = (row: ViewRow): Partial<ListViewState> => ({
  filters: row.filters,
  ...(row.sort ? { sort: row.sort } : {}),
  ...(row.columns ? { columns: row.columns } : {}),
  ...(row.pageSize ? { pageSize: row.pageSize } : {}),
});
