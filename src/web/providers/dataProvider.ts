import type { CrudFilter, CrudSort, DataProvider, Pagination } from '@refinedev/core';
import { API_BASE } from '../../shared/constants';
import type { Page } from '../../shared/api';
import { http, request, type HttpMethod, type Query } from './http';

// refine's DataProvider for the generic resources of DESIGN §4 (/api/r/{resource}), over the
// one HTTP client. It keeps @refinedev/simple-rest's shape, but simple-rest needs axios (a
// second client) and speaks _start/_end + X-Total-Count, whereas our lists take
// pageNo/pageSize and answer {records, total}.

export const RESOURCE_BASE = '/r';

const resourcePath = (resource: string, id?: string | number) =>
  `${RESOURCE_BASE}/${encodeURIComponent(resource)}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;

function paginationQuery(pagination?: Pagination): Query {
  if (pagination?.mode === 'off') return {};
  return { pageNo: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 10 };
}

/** sort=field,-field (DESIGN §4). */
const sortQuery = (sorters?: CrudSort[]): Query =>
  sorters?.length ? { sort: sorters.map((s) => (s.order === 'desc' ? `-${s.field}` : s.field)).join(',') } : {};

/** Filters become query parameters: `field` for eq, `field_op` for the other operators. */
function filterQuery(filters?: CrudFilter[]): Query {
  const query: Query = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue; // or/and groups are not part of the convention
    const key = filter.operator === 'eq' ? filter.field : `${filter.field}_${filter.operator}`;
    query[key] = Array.isArray(filter.value) ? filter.value.map(String) : (filter.value as Query[string]);
  }
  return query;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => `${API_BASE}${RESOURCE_BASE}`,

  async getList({ resource, pagination, sorters, filters }) {
    const page = await http.get<Page<never>>(resourcePath(resource), {
      query: { ...paginationQuery(pagination), ...sortQuery(sorters), ...filterQuery(filters) },
    });
    return { data: page.records, total: page.total };
  },

  async getMany({ resource, ids }) {
    return { data: await Promise.all(ids.map((id) => http.get<never>(resourcePath(resource, id)))) };
  },

  async getOne({ resource, id }) {
    return { data: await http.get<never>(resourcePath(resource, id)) };
  },

  async create({ resource, variables }) {
    return { data: await http.post<never>(resourcePath(resource), variables) };
  },

  async update({ resource, id, variables }) {
    return { data: await http.put<never>(resourcePath(resource, id), variables) };
  },

  async deleteOne({ resource, id }) {
    return { data: await http.delete<never>(resourcePath(resource, id)) };
  },

  async custom({ url, method, payload, query, headers }) {
    // refine hands over URLs built from getApiUrl(); the client adds /api itself.
    const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
    const data = await request<never>(path, {
      method: method.toUpperCase() as HttpMethod,
      query: query as Query | undefined,
      body: payload,
      headers,
    });
    return { data };
  },
};
