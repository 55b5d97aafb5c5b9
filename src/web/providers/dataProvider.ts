import type { CrudFilter, CrudSort, DataProvider, MetaQuery, Pagination } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import type { AxiosInstance } from 'axios';
import { API_BASE } from '../../shared/constants';
import type { Page } from '../../shared/api';
import { request, type HttpMethod, type Query } from './http';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency';

// refine's DataProvider for the generic resources of DESIGN §4 (/api/r/{resource}): the
// @refinedev/simple-rest provider, extended for our list convention (pageNo/pageSize, sort=field,-field,
// one parameter per declared filter, {records, total}) and run over the one HTTP client:
// simple-rest talks to an axios-shaped object whose every call is request() of ./http, so
// the envelope, the token and the SPEC §8 error rules stay in one place and no second client exists.

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

/**
 * simple-rest hands a call's meta to its client only as headers: `meta: { silent: true }` (the
 * caller shows the error itself: form fields, a 409 notice) travels as this header, which the
 * client turns back into request()'s `silent` and never sends.
 */
const SILENT_HEADER = 'x-lsf-silent';

const withSilence = (meta?: MetaQuery): MetaQuery => ({
  ...meta,
  headers: { ...(meta?.headers as Record<string, string> | undefined), ...(meta?.silent === true ? { [SILENT_HEADER]: '1' } : {}) },
});

/**
 * The Idempotency-Key of a create or an action (./idempotency.ts): the user intent's key the
 * caller passes as `meta.idempotencyKey`, else a fresh one, so no create or action goes out
 * without a key (money actions refuse to run without one).
 */
const withIdempotency = (meta?: MetaQuery): MetaQuery => {
  const silenced = withSilence(meta);
  const key = typeof meta?.idempotencyKey === 'string' && meta.idempotencyKey ? meta.idempotencyKey : newIdempotencyKey();
  return { ...silenced, headers: { ...(silenced.headers as Record<string, string>), [IDEMPOTENCY_HEADER]: key } };
};

interface ClientConfig {
  headers?: Record<string, string>;
  data?: unknown;
}

/** One call of the axios shape simple-rest uses, as a request() of the one HTTP client. */
async function send(method: HttpMethod, url: string, body: unknown, config?: ClientConfig) {
  const { [SILENT_HEADER]: silent, ...headers } = config?.headers ?? {};
  // simple-rest builds URLs from getApiUrl() (/api/r/...); the client adds /api itself.
  const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
  const data = await request<unknown>(path, { method, body, headers, silent: silent === '1' });
  return { data, headers: {} };
}

const client = {
  get: (url: string, config?: ClientConfig) => send('GET', url, undefined, config),
  delete: (url: string, config?: ClientConfig) => send('DELETE', url, config?.data, config),
  post: (url: string, body?: unknown, config?: ClientConfig) => send('POST', url, body, config),
  put: (url: string, body?: unknown, config?: ClientConfig) => send('PUT', url, body, config),
  patch: (url: string, body?: unknown, config?: ClientConfig) => send('PATCH', url, body, config),
};

const rest = simpleRest(`${API_BASE}${RESOURCE_BASE}`, client as unknown as AxiosInstance);

/** A list page as the server answers it; `totalExact: false` means total is a lower bound. */
type ListPage = Page<never> & { totalExact?: boolean };

export const dataProvider: DataProvider = {
  ...rest,

  // Our lists page with pageNo/pageSize and answer {records, total} (simple-rest: _start/_end, X-Total-Count).
  async getList({ resource, pagination, sorters, filters, meta }) {
    const page = await request<ListPage>(resourcePath(resource), {
      query: { ...paginationQuery(pagination), ...sortQuery(sorters), ...filterQuery(filters) },
      silent: meta?.silent === true,
    });
    return { data: page.records, total: page.total, totalExact: page.totalExact !== false, ...(page.totals ? { totals: page.totals } : {}) };
  },

  // The API reads one record at a time (no ?id=a&id=b).
  async getMany({ resource, ids, meta }) {
    return { data: await Promise.all(ids.map(async (id) => (await rest.getOne({ resource, id, meta: withSilence(meta) })).data as never)) };
  },

  getOne: (params) => rest.getOne({ ...params, meta: withSilence(params.meta) }),
  create: (params) => rest.create({ ...params, meta: withIdempotency(params.meta) }),
  // A record is replaced whole with the version read (PUT), not patched.
  update: (params) => rest.update({ ...params, meta: { ...withSilence(params.meta), method: 'put' } }),
  deleteOne: (params) => rest.deleteOne({ ...params, meta: withSilence(params.meta) }),
  // A POST through custom is a declared action (/api/r/<resource>/<id>/actions/<name>): it carries a key.
  custom: (params) =>
    rest.custom!({ ...params, headers: { ...params.headers, ...(params.method === 'post' ? withIdempotency(params.meta) : withSilence(params.meta)).headers } }),
};
