// The resource API in @refinedev/simple-rest's convention (json-server's), under /api/rest, so a
// partner's stock refine console (or any json-server client) reads and writes the same records:
//   GET    /api/rest/:resource?_start=0&_end=10&_sort=a,b&_order=asc,desc&f=v&f_like=v&f_gte=v&f_lte=v&q=v
//          the records as a bare array, the count in x-total-count
//   GET    /api/rest/:resource?id=a&id=b   those records (getMany)
//   GET    /api/rest/:resource/:id         one record, with its history
//   POST   /api/rest/:resource             create (Idempotency-Key honoured)
//   PATCH  /api/rest/:resource/:id         the fields sent, over the stored ones ("version" makes it conditional)
//   PUT    /api/rest/:resource/:id         the whole data, as /api/r's PUT
//   DELETE /api/rest/:resource/:id         answers the record deleted
// The answers are bare JSON, not the {code, msg, data} envelope: simple-rest reads the body as
// the data. An envelope and a bare record cannot share a URL (nothing simple-rest sends tells
// them apart on GET one, POST or DELETE), so the convention has its own prefix; every route runs
// the same handlers as /api/r (routes.ts): the same access decision, scopes, validation, door.
// Errors keep their HTTP status and answer {statusCode, message, errors} (errors: the field map),
// what simple-rest's HTTP client turns into refine's HttpError (plugins/envelope.ts sendError).
// Query parameters are turned into /api/r's once, here; anything else is a 400 naming it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../shared/api';
import type { ResourceRecord } from '../../shared/resources/types';
import { badRequest, fieldError, type MessageRef } from '../errors';
import { restRouteSchemas as S } from '../openapi/rest';
import type { CompiledResource } from './registry';

export interface RestHandlers {
  resolve: (req: FastifyRequest, verb: string) => Promise<CompiledResource>;
  listPage: (req: FastifyRequest, r: CompiledResource, query: Record<string, unknown>) => Promise<Page<ResourceRecord>>;
  readOne: (req: FastifyRequest, r: CompiledResource, id: string) => Promise<unknown>;
  createOne: (req: FastifyRequest, reply: FastifyReply, r: CompiledResource, render: (record: unknown) => unknown) => Promise<FastifyReply>;
  updateOne: (req: FastifyRequest, r: CompiledResource, id: string, sent: Record<string, unknown>) => Promise<ResourceRecord>;
  removeOne: (req: FastifyRequest, r: CompiledResource, id: string) => Promise<void>;
}

/** At most this many ids in one getMany (the page size limit of a list). */
const MAX_IDS = 100;
/** Passed through as /api/r names them: which records (scope), which fields must be set (has), and json-server's search (q). */
const PASSED = new Set(['scope', 'has', 'q']);

const values = (raw: unknown): string[] => (Array.isArray(raw) ? raw.map(String) : raw === undefined ? [] : [String(raw)]);

/**
 * simple-rest's list query as /api/r's: _start/_end a page (the start a multiple of the page
 * size, as simple-rest sends), _sort/_order one sort, `f` an enum filter's values, `f_like` a
 * text filter, `f_gte`/`f_lte` a range's bounds. Throws a 400 naming each parameter it cannot take.
 */
export function listQueryOf(r: CompiledResource, query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const errors: Record<string, MessageRef> = {};
  const kinds = new Map(r.def.list.filters.map((f) => [f.field, f.kind]));
  const ranges = new Map<string, { gte?: string; lte?: string }>();
  for (const [param, raw] of Object.entries(query)) {
    if (['_start', '_end', '_sort', '_order'].includes(param)) continue;
    if (PASSED.has(param)) {
      out[param] = raw;
      continue;
    }
    const [, field = param, op = ''] = /^(.+?)(?:_(like|gte|lte))?$/.exec(param) ?? [];
    const kind = kinds.get(field);
    if (!kind) errors[param] = 'unknownFilter';
    else if (op === 'like' && kind === 'text') out[field] = values(raw).join(' ');
    else if (op === '' && kind === 'enum') out[field] = values(raw).join(',');
    else if ((op === 'gte' || op === 'lte') && (kind === 'dateRange' || kind === 'amountRange')) {
      const bound = ranges.get(field) ?? {};
      bound[op] = values(raw)[0] ?? '';
      ranges.set(field, bound);
    } else errors[param] = 'invalidValue';
  }
  for (const [field, { gte = '', lte = '' }] of ranges) out[field] = `${gte},${lte}`;

  const start = query._start === undefined ? 0 : Number(query._start);
  const end = query._end === undefined ? start + 10 : Number(query._end);
  const size = end - start;
  if (!Number.isInteger(start) || start < 0) errors._start = 'invalidValue';
  else if (!Number.isInteger(end) || size < 1 || start % size !== 0) errors._end = 'invalidValue';
  else Object.assign(out, { pageNo: start / size + 1, pageSize: size });

  const sorts = values(query._sort).flatMap((s) => s.split(','));
  const orders = values(query._order).flatMap((s) => s.split(','));
  if (sorts.length) {
    if (orders.some((o) => o !== 'asc' && o !== 'desc')) errors._order = 'invalidValue';
    else out.sort = sorts.map((field, i) => (orders[i] === 'desc' ? `-${field}` : field)).join(',');
  }
  if (Object.keys(errors).length) throw fieldError(errors);
  return out;
}

export default async function restRoutes(app: FastifyInstance, h: RestHandlers) {
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const bare = (record: unknown) => record;

  app.get('/:resource', { schema: S.list }, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    if (query.id !== undefined) {
      const r = await h.resolve(req, 'show');
      const ids = values(query.id);
      if (ids.length > MAX_IDS) throw fieldError({ id: { key: 'tooManyIds', params: { max: MAX_IDS } } });
      return Promise.all(ids.map((id) => h.readOne(req, r, id)));
    }
    const r = await h.resolve(req, 'list');
    const page = await h.listPage(req, r, listQueryOf(r, query));
    void reply.header('x-total-count', String(page.total));
    return page.records;
  });

  app.get('/:resource/:id', { schema: S.get }, async (req) => h.readOne(req, await h.resolve(req, 'show'), idOf(req)));

  app.post('/:resource', { schema: S.create, config: { idempotencyKey: 'optional' } }, async (req, reply) => h.createOne(req, reply, await h.resolve(req, 'create'), bare));

  const body = (req: FastifyRequest): Record<string, unknown> => {
    const b = req.body;
    if (!b || typeof b !== 'object' || Array.isArray(b)) throw badRequest('badRequest');
    return { ...(b as Record<string, unknown>) };
  };

  app.patch('/:resource/:id', { schema: S.patch }, async (req) => {
    const r = await h.resolve(req, 'edit');
    const sent = body(req);
    // The stored data with the fields sent over it; without a "version", the version just read
    // (the last write wins, field by field); with one, a 409 if the record moved since.
    const { parties: _parties, events: _events, ...current } = (await h.readOne(req, r, idOf(req))) as ResourceRecord & { events?: unknown };
    return h.updateOne(req, r, idOf(req), { ...current, ...sent, version: sent.version ?? current.version });
  });

  app.put('/:resource/:id', { schema: S.put }, async (req) => h.updateOne(req, await h.resolve(req, 'edit'), idOf(req), body(req)));

  app.delete('/:resource/:id', { schema: S.remove }, async (req) => {
    const r = await h.resolve(req, 'delete');
    const record = await h.readOne(req, r, idOf(req));
    await h.removeOne(req, r, idOf(req));
    return record;
  });
}
