// Actions on a selection of records (issue 32 item 3), for every resource:
//   POST /api/r/:resource/bulk                   {ids} or {query}: how many are selected, and per declared
//                                                action how many of them the caller may take it on
//   POST /api/r/:resource/bulk/actions/:action   {ids} or {query}, the action's input, one confirmation:
//                                                the action on each record through the one pipeline
//                                                (actions.ts performAction), a result per record
//   GET  /api/r/:resource/bulk/export?ids=&format=   CSV or XLSX of the selected records
// A selection is the records chosen (ids, across pages) or every record a list query matches
// ("all N matching": the list's own parameters, parsed by query.ts), at most MAX_BULK. The
// action runs in ONE transaction under the request's Idempotency-Key (a replay answers the
// stored results; money actions require a key): the selected records are locked first, in id
// order, so two selections racing over the same records take them one after the other and the
// second finds them moved on; each record then takes the action in a savepoint of its own, so
// one refused (not the caller's, wrong state, over its open amount) is answered as refused with
// its reason and the others still go through. A step the person confirms (a money action) is
// confirmed ONCE for the selection (its SMS code, payment password or authenticator code),
// before any record moves, and only when some record can take it. A money action's records
// share the selection's id as their batch (settlement: a payment of several bills).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decide } from '../../shared/access';
import { fenToYuan, yuanToFen } from '../../shared/money';
import { needsSmsCode } from '../../shared/resources/actionInput';
import { asRecord, type RecordAbility } from '../../shared/resources/recordAbility';
import type { ActionDeclaration } from '../../shared/resources/types';
import type { AppContext } from '../context';
import { confirmMoneyStep, confirmationOf, withoutConfirmation } from '../confirm';
import { movedFen } from '../../shared/resources/moneyMoves';
import type { Db } from '../db/client';
import { planEachCall } from '../db/client';
import { resourceRecords } from '../db/schema';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../errors';
import { idempotent, keyOf } from '../idempotency';
import type { BulkAnswer, BulkResult } from '../../shared/resources/bulk';
import { obj, str, uuid } from '../openapi/kit';
import { actorOf, currentUser, userRecordAbility } from '../plugins/auth';
import { ok, translate } from '../plugins/envelope';
import { countingWrongTries } from '../sms/codes';
import { isUuid } from '../validate';
import { performAction } from './actions';
import { expireDue } from './expiry';
import { exportTable, toCsv, toXlsx } from './export';
import { parseListQuery } from './query';
import { recordSelection, toView, type RecordRow } from './records';
import type { CompiledResource, ResourceRegistry } from './registry';
import { listWhereSql } from './scope';
import { recordsOf } from './sources';

/** At most this many records in one selection. */
export const MAX_BULK = 200;

interface Selection {
  ids?: string[];
  /** A list query (the list API's parameters: filters, sort, scope): every record it matches. */
  query?: Record<string, string>;
}


const selectionProps = {
  ids: { type: 'array', items: uuid, minItems: 1, maxItems: MAX_BULK, uniqueItems: true, description: 'The records chosen' },
  query: { type: 'object', additionalProperties: { type: 'string' }, description: "Every record this list query matches (the list API's parameters)" },
};
const resourceParams = obj({ resource: str(60) }, ['resource']);
/** The bulk routes' schemas; the OpenAPI document shows them per resource (openapi/resources.ts). */
export const bulkSchemas = {
  count: { tags: ['resources'], summary: 'A selection of records (ids or a list query): how many, and per declared action how many of them the caller may take it on', params: resourceParams, body: obj(selectionProps) },
  run: {
    tags: ['resources'],
    summary: "A declared action on each record of a selection, in one request (Idempotency-Key; required for money actions): a result per record, done or refused with the reason; a confirmed step is confirmed once",
    params: obj({ resource: str(60), action: str(64) }, ['resource', 'action']),
    body: obj({ ...selectionProps, input: { type: 'object', description: "The action's input, the same for every record" }, smsCode: str(16), confirmMethod: str(16), paymentPassword: str(64), totpCode: str(16) }),
  },
  export: { tags: ['resources'], summary: 'CSV or XLSX of the selected records', params: resourceParams, querystring: obj({ ids: str(MAX_BULK * 37), format: { enum: ['csv', 'xlsx'] } }, ['ids']) },
};

const declarationOf = (r: CompiledResource, name: string): ActionDeclaration | undefined => r.def.actions?.find((a) => a.name === name);

export default async function bulkRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'dbKind' | 'clock' | 'config'> & { resources: ResourceRegistry }) {
  const { db, clock, resources } = ctx;
  app.addHook('preValidation', app.requireAuth);

  /** The resource, once the caller may list it (as the list route decides), its due records expired. */
  const resolve = async (req: FastifyRequest, verb = 'list'): Promise<CompiledResource> => {
    const r = resources.get((req.params as { resource: string }).resource);
    if (!r) throw notFound();
    if (!decide(actorOf(currentUser(req)), r.def, verb).can) throw forbidden();
    await expireDue(db, r, resources, clock.now());
    return r;
  };
  const abilityOf = (req: FastifyRequest, r: CompiledResource) => userRecordAbility(currentUser(req), r.def);

  /**
   * The ids a selection names: the ids given, or the records its list query matches (at most
   * MAX_BULK, else a 400 saying so). Exactly one of the two; the ids' records are read below.
   */
  const selectedIds = async (req: FastifyRequest, r: CompiledResource, selection: Selection): Promise<string[]> => {
    if (selection.ids && selection.query) throw badRequest('api:bulkSelectionBoth');
    if (selection.ids) {
      if (!selection.ids.length) throw fieldError({ ids: 'api:bulkEmpty' });
      return selection.ids;
    }
    if (!selection.query) throw fieldError({ ids: 'api:bulkEmpty' });
    const scope = selection.query.scope ?? 'mine';
    const q = parseListQuery(r, listWhereSql(abilityOf(req, r), r.def, currentUser(req).accountId, scope), { ...selection.query, pageNo: 1, pageSize: MAX_BULK + 1 }, { maxPageSize: MAX_BULK + 1 });
    const rows = await planEachCall(() => recordsOf(db, r).select({ id: resourceRecords.id }).from(resourceRecords).where(q.where).orderBy(...q.orderBy).limit(MAX_BULK + 1));
    if (rows.length > MAX_BULK) throw fieldError({ query: { key: 'api:bulkTooMany', params: { max: MAX_BULK } } });
    if (!rows.length) throw fieldError({ query: 'api:bulkEmpty' });
    return rows.map((row) => row.id);
  };

  /** The selected records the caller may read, as a read answers them (a domain's table fields too), in id order. */
  const readable = async (tx: Db, r: CompiledResource, ability: RecordAbility, ids: readonly string[]): Promise<RecordRow[]> => {
    const rows = await recordsOf(tx, r)
      .select(recordSelection(r))
      .from(resourceRecords)
      .where(and(eq(resourceRecords.resource, r.def.name), inArray(resourceRecords.id, [...ids])))
      .orderBy(asc(resourceRecords.id));
    return rows.filter((row) => ability.can('read', asRecord(r.def, row)));
  };

  app.post<{ Body: Selection }>('/r/:resource/bulk', { schema: bulkSchemas.count }, async (req) => {
    const r = await resolve(req);
    const ability = abilityOf(req, r);
    const actor = actorOf(currentUser(req));
    const rows = await readable(db, r, ability, await selectedIds(req, r, req.body));
    // Each declared action the caller may take on some record (its role's grant, the action's
    // `by`), with the selected records it may take it on.
    const actions = (r.def.actions ?? [])
      .filter((a) => decide(actor, r.def, a.name).can && ability.possibleRulesFor(a.name, r.def.name).length > 0)
      .map((a) => ({ name: a.name, count: rows.filter((row) => ability.can(a.name, asRecord(r.def, row))).length }));
    return ok(req, { total: rows.length, actions });
  });

  app.post<{ Body: Selection & { input?: Record<string, unknown> } }>('/r/:resource/bulk/actions/:action', { schema: bulkSchemas.run, config: { idempotencyKey: 'optional' } }, async (req, reply) => {
    const compiled = resources.get((req.params as { resource: string }).resource);
    const action = compiled && declarationOf(compiled, (req.params as { action: string }).action);
    if (!compiled || !action) throw notFound();
    const r = await resolve(req, action.name);
    // A money action on many records without a key is refused before the selection is read, as on one record.
    if (action.money && keyOf(req) === null) throw badRequest('idempotencyKeyRequired');
    const me = currentUser(req);
    const ability = abilityOf(req, r);
    const ids = [...new Set(await selectedIds(req, r, req.body))].sort();
    const common = withoutConfirmation(req.body.input ?? {});
    const fromRecord = r.def.list.bulkInput?.[action.name] ?? {};
    const confirms = needsSmsCode(action);
    const now = clock.now();
    const selectionId = randomUUID();
    const body = req.body as unknown as Record<string, unknown>;
    return countingWrongTries(db, () =>
      idempotent(req, reply, db, { required: !!action.money }, async (tx): Promise<BulkAnswer> => {
        // The selection's records first, in id order: a second selection over them waits here.
        await tx
          .select({ id: resourceRecords.id })
          .from(resourceRecords)
          .where(and(eq(resourceRecords.resource, r.def.name), inArray(resourceRecords.id, ids)))
          .orderBy(asc(resourceRecords.id))
          .for('update');
        const rows = new Map((await readable(tx, r, ability, ids)).map((row) => [row.id, row]));
        const inputOf = (row: RecordRow) => ({ ...common, ...Object.fromEntries(Object.entries(fromRecord).map(([input, field]) => [input, row.data[field]])) });
        const eligible = [...rows.values()].filter((row) => ability.can(action.name, asRecord(r.def, row)));
        // One confirmation for the selection, of what it moves in all, before anything moves.
        if (confirms && eligible.length) {
          const fen = eligible.reduce((sum, row) => sum + (action.moves ? (movedFen(action.moves, row.data, inputOf(row)) ?? 0n) : amountFen(row.data.amount)), 0n);
          await confirmMoneyStep(tx, ctx, { user: me, input: confirmationOf(body), now, amount: fenToYuan(fen) });
        }
        const results: BulkResult[] = [];
        for (const id of ids) {
          const row = rows.get(id);
          if (!row) {
            results.push({ id, status: 'refused', code: 404, reason: translate(req.t, 'notFound') });
            continue;
          }
          try {
            // Inside the request's transaction: a savepoint, rolled back alone when the record is refused.
            const record = await tx.transaction(async (raw) => {
              const sp = raw as unknown as Db;
              const moved = await performAction(sp, ctx, {
                r,
                action: action.name,
                id,
                input: inputOf(row),
                mover: { userId: me.id, accountId: me.accountId },
                now,
                t: req.t,
                ability,
                user: me,
                ip: req.ip,
                confirmation: 'done',
                ...(action.money ? { batch: { id: selectionId, size: eligible.length } } : {}),
              });
              await moved.hear();
              const [read] = await readable(sp, r, ability, [id]);
              return toView(read ?? moved.row);
            });
            results.push({ id, status: 'done', record });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            results.push({ id, status: 'refused', code: err.code, reason: reasonOf(req, err), record: toView(row) });
          }
        }
        const done = results.filter((x) => x.status === 'done').length;
        return { action: action.name, total: results.length, done, refused: results.length - done, results };
      }),
    );
  });

  app.get<{ Querystring: { ids: string; format?: 'csv' | 'xlsx' } }>('/r/:resource/bulk/export', { schema: bulkSchemas.export }, async (req, reply) => {
    const r = await resolve(req, 'export');
    const ids = req.query.ids.split(',').filter(Boolean);
    if (!ids.length || !ids.every(isUuid)) throw fieldError({ ids: 'invalidValue' });
    if (ids.length > MAX_BULK) throw fieldError({ ids: { key: 'api:bulkTooMany', params: { max: MAX_BULK } } });
    const format = req.query.format ?? 'xlsx';
    // Every scope the caller reads (its own, a party's, the market's, operations'): the ability decides.
    const readIds = (await readable(db, r, abilityOf(req, r), ids)).map((row) => row.id);
    // None the caller may read: nothing was selected (unreadable ones are never said to exist).
    if (!readIds.length) throw fieldError({ ids: 'api:bulkEmpty' });
    const q = parseListQuery(r, and(eq(resourceRecords.resource, r.def.name), inArray(resourceRecords.id, readIds))!, { pageNo: 1, pageSize: 1 });
    const table = await exportTable(db, r, q, req.lang, req.t);
    const title = r.def.labels[req.lang].title;
    const stamp = clock.now().toISOString().slice(0, 10);
    reply.header('content-disposition', `attachment; filename="${r.def.name}-${stamp}.${format}"; filename*=UTF-8''${encodeURIComponent(`${title}-${stamp}.${format}`)}`);
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(table, title));
  });
}

/** A yuan amount (string or number) in fen; 0 when it is none. */
function amountFen(value: unknown): bigint {
  if (typeof value !== 'string' && typeof value !== 'number') return 0n;
  try {
    return yuanToFen(String(value));
  } catch {
    return 0n;
  }
}

/** A refusal's reason as one line: its message, with the fields' messages when it is a field error. */
function reasonOf(req: FastifyRequest, err: AppError): string {
  const fields = err.fields ? Object.values(err.fields).map((ref) => translate(req.t, ref)) : [];
  return fields.length ? fields.join('；') : translate(req.t, err.msg);
}
