import type { CrudFilter, CrudSort, DataProvider, MetaQuery, Pagination } from '@refinedev/core';
import { API_BASE } from '../../shared/constants';
import type { Page } from '../../shared/api';
import { http, request, type HttpMethod, type Query } from './http';

// refine's DataProvider for the generic resources of DESIGN §4 (/api/r/{resource}), over the
// one HTTP client. It keeps @refinedev/simple-rest's shape, but simple-rest needs axios (a
// second client) and speaks _start/_end + X-Total-Count, whereas our lists take
// pageNo/pageSize and answer {records, total}.

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

/** `meta: { silent: true }` on a refine call: the caller shows the error itself (form fields, 409 notice). */
const silentOf = (meta?: MetaQuery) => ({ silent: meta?.silent === true });

export const dataProvider: DataProvider = {
  getApiUrl: () => `${API_BASE}${RESOURCE_BASE}`,

  async getList({ resource, pagination, sorters, filters, meta }) {
    const page = await http.get<Page<never>>(resourcePath(resource), {
      query: { ...paginationQuery(pagination), ...sortQuery(sorters), ...filterQuery(filters) },
      ...silentOf(meta),
    });
    return { data: page.records, total: page.total };
  },

  async getMany({ resource, ids, meta }) {
    return { data: await Promise.all(ids.map((id) => http.get<never>(resourcePath(resource, id), silentOf(meta)))) };
  },

  async getOne({ resource, id, meta }) {
    return { data: await http.get<never>(resourcePath(resource, id), silentOf(meta)) };
  },

  async create({ resource, variables, meta }) {
    return { data: await http.post<never>(resourcePath(resource), variables, silentOf(meta)) };
  },

  async update({ resource, id, variables, meta }) {
    return { data: await http.put<never>(resourcePath(resource, id), variables, silentOf(meta)) };
  },

  async deleteOne({ resource, id, meta }) {
    return { data: await http.delete<never>(resourcePath(resource, id), silentOf(meta)) };
  },

  async custom({ url, method, payload, query, headers, meta }) {
    // refine hands over URLs built from getApiUrl(); the client adds /api itself.
    const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
    const data = await request<never>(path, {
      method: method.toUpperCase() as HttpMethod,
      query: query as Query | undefined,
      body: payload,
      headers,
      ...silentOf(meta),
    });
    return { data };
  },
};
