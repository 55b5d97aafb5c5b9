// The generic resource API (DESIGN §4), derived from schemas/resources/*.json:
//   GET    /api/r/:resource                 list (pageNo, pageSize, sort, declared filters)
//   GET    /api/r/:resource/export          CSV or XLSX (format=csv|xlsx) of the same list
//   GET    /api/r/:resource/:id             one record, with its event history
//   POST   /api/r/:resource                 create (Idempotency-Key honoured)
//   PUT    /api/r/:resource/:id             update (body carries the version read)
//   DELETE /api/r/:resource/:id             delete (only in editable states)
//   POST   /api/r/:resource/:id/actions/:a  a declared state transition, with its handler (Idempotency-Key honoured);
//                                           answers the moved record with its history, as GET does
//   GET    /api/meta/resources              the definitions the caller may use
// Every route asks the shared access decision (src/shared/access.ts) and scopes by account.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../shared/api';
import { decide } from '../../shared/access';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import type { AppContext } from '../context';
import { planEachCall } from '../db/client';
import { badRequest, fieldError, forbidden, notFound } from '../errors';
import { actorOf, currentUser, moverOf, userRecordAbility } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { idempotent } from '../idempotency';
import { actOnHttp } from './actions';
import { isRecordVersion } from '../validate';
import { resourceRouteSchemas as S } from '../openapi/resources';
import { exportTable, toCsv, toXlsx } from './export';
import { phase } from '../phases';
import { parseListQuery } from './query';
import restRoutes from './rest';
import { listScopes } from '../../shared/resources/recordAbility';
import { expireDue } from './expiry';
import { listWhereSql } from './scope';
import { readTableTotals, tableTotalsQuery } from './tableTotals';
import { asRead, getRecord, listPageQuery, listRecords, listTotals, toView, withHistory } from './records';
import { deleteRecord, editRecord } from './moves';
import { checkReferences } from './references';
import { checkedNewData, clientData, createChecked, serverFields, validData } from './create';
import { renderDocument } from './documents';
import { actionInputSchema } from '../../shared/resources/actionInput';
import { switchedOff } from '../../shared/resources/variantSwitch';
import type { CompiledResource, ResourceRegistry } from './registry';

export default async function resourceRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'dbKind' | 'clock'> & Partial<Pick<AppContext, 'config'>> & { resources: ResourceRegistry }) {
  const { db, clock, resources } = ctx;
  const servedVariants = ctx.config?.variants ?? [];

  /**
   * The resource, once the shared access decision lets the caller do `verb` (list, show, create,
   * edit, delete, export or a declared action's name) and its records due to expire have expired.
   * A service not opened, or an account not yet approved, is refused with its code, which tells
   * the console where to open or authenticate it.
   */
  const resolve = async (req: FastifyRequest, verb: string): Promise<CompiledResource> => {
    const name = (req.params as { resource: string }).resource;
    const compiled = resources.get(name);
    if (!compiled) throw notFound();
    const decision = decide(actorOf(currentUser(req)), compiled.def, verb);
    if (!decision.can) throw forbidden(decision.reason.endsWith('ServiceNotOpened') || decision.reason === 'notApproved' ? decision.reason : undefined);
    await phase('expiry', () => expireDue(db, compiled, resources, clock.now()));
    return compiled;
  };
  const body = (req: FastifyRequest): Record<string, unknown> => {
    const b = req.body;
    if (!b || typeof b !== 'object' || Array.isArray(b)) throw badRequest('badRequest');
    return { ...(b as Record<string, unknown>) };
  };
  /** The data with the resource's derived fields, validated (create.ts, as an import's rows are). */
  const validRecord = (req: FastifyRequest, r: CompiledResource, sent: Record<string, unknown>) => validData(r, sent, req.t, clock.now());
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const abilityOf = (req: FastifyRequest, r: CompiledResource) => userRecordAbility(currentUser(req), r.def);
  /** What a list may return: readable records in the requested scope (src/server/resources/scope.ts). */
  const listScope = (req: FastifyRequest, r: CompiledResource, query: Record<string, unknown>) => {
    const scope = query.scope ?? 'mine';
    if (typeof scope !== 'string' || !listScopes(r.def).includes(scope)) throw fieldError({ scope: 'invalidValue' });
    return listWhereSql(abilityOf(req, r), r.def, currentUser(req).accountId, scope);
  };

  app.addHook('preValidation', app.requireAuth);

  app.get('/meta/resources', { schema: S.meta }, async (req) => {
    const me = currentUser(req);
    // Each action with the input it takes, the SMS code of signing and money actions included.
    const visible: ResourceDefinition[] = [...resources.values()]
      .map((r) => r.def)
      .filter((d) => decide(actorOf(me), d, 'list').can)
      // An action a served variant switches off is left out: the console offers no button for it.
      .map((d) => (d.actions ? { ...d, actions: d.actions.filter((a) => !switchedOff(a, servedVariants)).map((a) => ({ ...a, input: actionInputSchema(a) })) } : d));
    return ok(req, visible);
  });

  /** A page of the list `query` asks for, in this API's convention (pageNo, pageSize, sort, declared filters). */
  const listPage = async (req: FastifyRequest, r: CompiledResource, query: Record<string, unknown>): Promise<Page<ResourceRecord>> => {
    const q = parseListQuery(r, listScope(req, r, query), query);
    const totalled = r.def.list.totals ?? [];
    const caller = { ability: abilityOf(req, r), accountId: currentUser(req).accountId, scope: String(query.scope ?? 'mine') };
    const wantsTotals = totalled.length > 0 || !!r.def.list.stateTotals;
    // A list whose totals come from its domain's table gets its exact count from the same scan.
    const fromTable = wantsTotals ? tableTotalsQuery(r, q, totalled, caller) : null;
    // Planned for the filters' values each time (db/client.ts planEachCall).
    const data: Page<ResourceRecord> = await phase('list', () => planEachCall(async () => {
      if (fromTable) {
        const [rows, { total, totals }] = await Promise.all([listPageQuery(db, q), readTableTotals(db, fromTable)]);
        return { records: rows.map(toView), total, totals };
      }
      const [{ rows, ...counted }, totals] = await Promise.all([listRecords(db, q), wantsTotals ? listTotals(db, r, q, totalled) : undefined]);
      return { records: rows.map(toView), ...counted, ...(totals ? { totals } : {}) };
    }));
    return data;
  };

  app.get('/r/:resource', { schema: S.list }, async (req) => {
    const r = await resolve(req, 'list');
    return ok(req, await listPage(req, r, req.query as Record<string, unknown>));
  });

  app.get('/r/:resource/export', { schema: S.export }, async (req, reply) => {
    const r = await resolve(req, 'export');
    const query = req.query as Record<string, unknown>;
    const format = query.format ?? 'xlsx';
    if (format !== 'csv' && format !== 'xlsx') throw fieldError({ format: 'invalidValue' });
    const q = parseListQuery(r, listScope(req, r, query), { ...query, pageNo: 1, pageSize: 1 });
    // A list too: planned for its filters' values each time (db/client.ts planEachCall).
    const table = await planEachCall(() => exportTable(db, r, q, req.lang, req.t));
    const title = r.def.labels[req.lang].title;
    const stamp = clock.now().toISOString().slice(0, 10);
    const filename = encodeURIComponent(`${title}-${stamp}.${format}`);
    reply.header('content-disposition', `attachment; filename="${r.def.name}-${stamp}.${format}"; filename*=UTF-8''${filename}`);
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(table, title));
  });

  /** One record the caller may read, with its event history. */
  const readOne = async (req: FastifyRequest, r: CompiledResource, id: string) => withHistory(db, await getRecord(db, r, abilityOf(req, r), id));

  app.get('/r/:resource/:id', { schema: S.get }, async (req) => ok(req, await readOne(req, await resolve(req, 'show'), idOf(req))));

  app.get('/r/:resource/:id/document', { schema: S.document }, async (req) => {
    const r = await resolve(req, 'show');
    if (!r.def.document) throw notFound();
    const row = await getRecord(db, r, abilityOf(req, r), idOf(req));
    const doc = await renderDocument(r, db, row);
    const signedSha256 = typeof row.data.documentSha256 === 'string' ? row.data.documentSha256 : null;
    return ok(req, { ...doc, signedSha256, signatures: row.data.signatures ?? [] });
  });

  /** Creates a record of what the client sent, under the request's Idempotency-Key; `render` shapes the answer (the envelope by default). */
  const createOne = async (req: FastifyRequest, reply: FastifyReply, r: CompiledResource, render?: (record: unknown) => unknown) => {
    // A record with parties (a contract) is made by an action that knows them (offer accept),
    // or by the resource's create handler, which names them (the decision refuses the rest).
    const sent = await checkedNewData(db, req, resources, r, body(req), clock.now());
    return idempotent(req, reply, db, { render }, (tx) => createChecked(tx, req, resources, r, sent, clock.now()));
  };

  app.post('/r/:resource', { schema: S.create, config: { idempotencyKey: 'optional' } }, async (req, reply) => createOne(req, reply, await resolve(req, 'create')));

  /** Replaces the data of record `id` with `sent` (which carries the version read); answers the record. */
  const updateOne = async (req: FastifyRequest, r: CompiledResource, id: string, sent: Record<string, unknown>) => {
    const me = currentUser(req);
    const { version, ...data } = sent;
    if (version === undefined || version === null) throw fieldError({ version: 'validation:required' });
    if (!isRecordVersion(version)) throw fieldError({ version: 'api:versionRange' });
    // System fields sent back by a client that edited what it read are not data.
    for (const k of ['id', 'accountId', 'state', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy', 'events']) delete data[k];
    // The server's fields keep their stored values (then compute derives what it derives).
    const kept = serverFields(r).length ? (await getRecord(db, r, abilityOf(req, r), id)).data : {};
    const carried = Object.fromEntries(serverFields(r).filter((f) => kept[f] !== undefined).map((f) => [f, kept[f]]));
    const valid = validRecord(req, r, { ...clientData(r, data), ...carried });
    await checkReferences(db, req, resources, r, valid);
    // Fields fixed at creation (an offer's counterparty, whose party row was made with it) keep their value.
    if (r.def.form.readOnlyOnEdit?.length) {
      const current = await getRecord(db, r, abilityOf(req, r), id);
      const changed = r.def.form.readOnlyOnEdit.filter((f) => JSON.stringify(current.data[f] ?? null) !== JSON.stringify(valid[f] ?? null));
      if (changed.length) throw fieldError(Object.fromEntries(changed.map((f) => [f, 'api:readOnlyOnEdit'])));
    }
    const row = await editRecord(db, r, abilityOf(req, r), { accountId: me.accountId, userId: me.id, apiKeyId: me.apiKey?.id, id, version: version as number, data: valid, now: clock.now() });
    return toView(await asRead(db, r, row));
  };

  app.put('/r/:resource/:id', { schema: S.update }, async (req) => ok(req, await updateOne(req, await resolve(req, 'edit'), idOf(req), body(req))));

  const removeOne = (req: FastifyRequest, r: CompiledResource, id: string) => deleteRecord(db, r, abilityOf(req, r), currentUser(req).accountId, id);

  app.delete('/r/:resource/:id', { schema: S.remove }, async (req) => {
    await removeOne(req, await resolve(req, 'delete'), idOf(req));
    return ok(req, null);
  });

  // The same records in @refinedev/simple-rest's convention (rest.ts).
  await app.register(restRoutes, { prefix: '/rest', resolve, listPage, readOne, createOne, updateOne, removeOne });

  app.post('/r/:resource/:id/actions/:action', { schema: S.action }, async (req, reply) => {
    const name = (req.params as { resource: string }).resource;
    const compiled = resources.get(name);
    const actionName = (req.params as { action: string }).action;
    const action = compiled?.def.actions?.find((a) => a.name === actionName);
    if (!compiled || !action) throw notFound();
    // Before the record is read: a service not opened is told where to open it, and nothing of the record.
    const r = await resolve(req, action.name);
    const me = currentUser(req);
    const input = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    return actOnHttp(req, reply, ctx, {
      r,
      action: action.name,
      id: idOf(req),
      input,
      mover: moverOf(me),
      now: clock.now(),
      t: req.t,
      ability: abilityOf(req, r),
      user: me,
      ip: req.ip,
    });
  });
}
