import type { BaseRecord, CrudFilter, CrudSort, CustomParams, CustomResponse, DataProvider, MetaQuery, Pagination } from '@refinedev/core';
import type { Page } from '../../shared/api';
import { request, type HttpMethod, type Query } from './http';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency';

// refine's DataProviders, both run over the one HTTP client (./http), so the token, the headers
// and the SPEC §8 error rules stay in one place and no second client exists:
// - `default`: the generic resources of DESIGN §4. It is @refinedev/simple-rest on /api/rest (the
//   records in json-server's convention, server/resources/rest.ts), its axios instance sending
//   through request() (./simpleRestClient.ts). One record, many, create, update and delete are
//   simple-rest's own code; the list and `custom` are the console's, on /api/r (each says why);
// - `system` (./systemDataProvider.ts): the endpoints that are not resources (/system, /ops,
//   /funds, /receipts, /files, /meta).
// `meta.silent` goes straight to request()'s `silent` (the caller shows the error itself:
// form fields, a 409 notice); paths are relative to /api, which request() adds.

/** simple-rest's routes (GET /api/rest/<resource>/<id> ...). */
const SIMPLE_REST_BASE = '/rest';

export const RESOURCE_BASE = '/r';

export const resourcePath = (resource: string, id?: string | number) =>
  `${RESOURCE_BASE}/${encodeURIComponent(resource)}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;

function paginationQuery(pagination?: Pagination): Query {
  if (pagination?.mode === 'off') return {};
  return { pageNo: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 10 };
}

/** sort=field,-field (DESIGN §4). */
const sortQuery = (sorters?: CrudSort[]): Query =>
  sorters?.length ? { sort: sorters.map((s) => (s.order === 'desc' ? `-${s.field}` : s.field)).join(',') } : {};

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/**
 * One query parameter per declared filter (the server's list convention):
 *   eq, contains   field=value          (text filters match a substring)
 *   in             field=a,b            (enum filters)
 *   between        field=from,to        (date and amount ranges; either end may be empty)
 * Empty values are left out; or/and groups and other operators are not part of the convention.
 */
export function filterQuery(filters?: CrudFilter[]): Query {
  const query: Query = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const { field, operator, value } = filter;
    let param = '';
    if (operator === 'in') param = (Array.isArray(value) ? value : [value]).map(text).filter(Boolean).join(',');
    else if (operator === 'between') {
      const [from, to] = Array.isArray(value) ? value.map(text) : ['', ''];
      param = from || to ? `${from ?? ''},${to ?? ''}` : '';
    } else if (operator === 'eq' || operator === 'contains') param = text(value);
    if (param) query[field] = param;
  }
  return query;
}

/** The caller shows the error itself (form fields, a 409 notice): request() does not notify. */
export const silentOf = (meta?: MetaQuery): boolean => meta?.silent === true;

/**
 * The Idempotency-Key of a create or an action (./idempotency.ts): the user intent's key the
 * caller passes as `meta.idempotencyKey`, else a fresh one, so no create or action goes out
 * without a key (money actions refuse to run without one).
 */
const idempotencyHeaders = (meta?: MetaQuery): Record<string, string> => ({
  [IDEMPOTENCY_HEADER]: typeof meta?.idempotencyKey === 'string' && meta.idempotencyKey ? meta.idempotencyKey : newIdempotencyKey(),
});

/**
 * refine's `custom` over request(): `url` is a path under /api, `config.query` its parameters,
 * `payload` the body, `meta.idempotencyKey` the intent's Idempotency-Key when the call names one.
 */
export async function customRequest<T extends BaseRecord = BaseRecord>(params: CustomParams): Promise<CustomResponse<T>> {
  const { url, method, payload, query, headers, meta } = params;
  const data = await request<T>(url, {
    method: method.toUpperCase() as HttpMethod,
    body: payload,
    query: query as Query | undefined,
    headers: { ...(headers as Record<string, string> | undefined), ...(meta?.idempotencyKey ? idempotencyHeaders(meta) : {}) },
    silent: silentOf(meta),
  });
  return { data };
}

/** A list page as the server answers it; `totalExact: false` means total is a lower bound. */
type ListPage = Page<never> & { totalExact?: boolean };

/**
 * simple-rest for one call: it passes a call's meta on only as headers, so the console's meta
 * (`silent`, the intent's `idempotencyKey`) is given to the client it sends through. simple-rest
 * and axios load with the first call that needs them (a record, a form), not with every page:
 * the home page and the lists make none (issue 32 item 7, bundle budget).
 */
async function simpleRestFor(meta?: MetaQuery) {
  const [{ default: simpleRest }, { simpleRestClient }] = await Promise.all([import('@refinedev/simple-rest'), import('./simpleRestClient')]);
  return simpleRest(SIMPLE_REST_BASE, simpleRestClient({ silent: silentOf(meta), idempotencyKey: typeof meta?.idempotencyKey === 'string' ? meta.idempotencyKey : undefined }));
}

export const dataProvider: DataProvider = {
  // simple-rest's own getApiUrl answers the base it was made with.
  getApiUrl: () => SIMPLE_REST_BASE,
  // simple-rest's stock methods run its code unchanged, each through a client made with that call's meta.
  getOne: async (params) => (await simpleRestFor(params.meta)).getOne(params),
  getMany: async (params) => (await simpleRestFor(params.meta)).getMany!(params),
  create: async (params) => (await simpleRestFor(params.meta)).create(params),
  deleteOne: async (params) => (await simpleRestFor(params.meta)).deleteOne(params),

  // Stock, with its own `meta.method` option set: the form sends the whole record with the version
  // read, so PUT replaces it (simple-rest's default PATCH would keep a value the user cleared).
  update: async (params) => (await simpleRestFor(params.meta)).update({ ...params, meta: { ...params.meta, method: 'put' } }),

  // Override: x-total-count carries only a count; the console's lists need totalExact (a lower
  // bound past the counting limit), the declared totals and state totals, and its filters
  // (ranges as `between`, text `eq` as a substring), which /api/r answers in its own convention.
  // A request whose answer is no longer wanted (its query left for newer filters) is cancelled
  // through refine's query context.
  async getList({ resource, pagination, sorters, filters, meta }) {
    const page = await request<ListPage>(resourcePath(resource), {
      query: { ...paginationQuery(pagination), ...sortQuery(sorters), ...filterQuery(filters) },
      silent: silentOf(meta),
      signal: meta?.queryContext?.signal,
    });
    return { data: page.records, total: page.total, totalExact: page.totalExact !== false, ...(page.totals ? { totals: page.totals } : {}) };
  },

  // Override: a record's actions and its document are /api/r paths answering the envelope (simple-rest's
  // custom would hand back the envelope as the data); a POST through it is an action and carries a key.
  custom: (params) => customRequest(params.method === 'post' ? { ...params, headers: { ...params.headers, ...idempotencyHeaders(params.meta) } } : params),
};
