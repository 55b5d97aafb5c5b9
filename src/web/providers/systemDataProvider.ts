import type { CrudFilter, DataProvider } from '@refinedev/core';
import type { Page } from '../../shared/api';
import { customRequest, silentOf } from './dataProvider';
import { request, type Query } from './http';

// refine's second, named DataProvider (`system`): the endpoints that are not resources of
// DESIGN §4. Its lists are declared here by name (useList/useTable with
// `dataProviderName: 'system'`), every other call is `custom` (useCustom, useCustomMutation)
// with a path under /api. Both run over request(), like the default provider.

interface SystemList {
  path: string;
  /** POST lists take their paging and filters as the JSON body (SPEC §7), GET lists as parameters. */
  method: 'GET' | 'POST';
  /** GET <path>/<id> reads one entry. */
  one?: boolean;
}

/** The lists that are not resources, by the name pages pass as `resource`. */
export const SYSTEM_LISTS: Record<string, SystemList> = {
  /** SPEC §7 Messages: the caller's own; filter `read` (false: unread only). */
  messages: { path: '/system/message/list', method: 'POST' },
  /** SPEC §7 Notices, the ops side. */
  notices: { path: '/system/notice/list', method: 'POST' },
  /** SPEC §7 Todos; filter `businessType` (the variant's). */
  todos: { path: '/system/newTodo/todoList', method: 'POST' },
  /** The sub-account log (operators). */
  operatorLog: { path: '/system/users/subAccountLog', method: 'GET' },
  /** The operations review queue of authentications; filter `status`. */
  authenticationReviews: { path: '/ops/authentications', method: 'GET', one: true },
  /** SPEC §7 Personal: the agreements the account signed, and the historical rules. */
  agreements: { path: '/system/personal/agreementlist', method: 'POST' },
  historicalRules: { path: '/system/personal/historyagreement', method: 'POST' },
  /** The audit trail (DESIGN §10): an owner's account, every account for ops; filters as params. */
  audit: { path: '/audit', method: 'GET' },
};

function listOf(resource: string): SystemList {
  const list = SYSTEM_LISTS[resource];
  if (!list) throw new Error(`system data provider: no list '${resource}'`);
  return list;
}

/** `eq` filters as plain parameters (the lists' convention); undefined values are left out. */
const filterParams = (filters?: CrudFilter[]): Record<string, unknown> =>
  Object.fromEntries((filters ?? []).flatMap((filter) => ('field' in filter && filter.operator === 'eq' && filter.value !== undefined ? [[filter.field, filter.value]] : [])));

export const systemDataProvider: DataProvider = {
  getApiUrl: () => '',

  async getList({ resource, pagination, filters, meta }) {
    const list = listOf(resource);
    const params = {
      ...(pagination?.mode === 'off' ? {} : { pageNo: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 10 }),
      ...filterParams(filters),
      ...(meta?.params as Record<string, unknown> | undefined),
    };
    const page = await request<Page<never>>(list.path, {
      method: list.method,
      ...(list.method === 'POST' ? { body: params } : { query: params as Query }),
      silent: silentOf(meta),
    });
    return { data: page.records, total: page.total };
  },

  async getOne({ resource, id, meta }) {
    const list = listOf(resource);
    if (!list.one) throw new Error(`system data provider: '${resource}' has no entries to read one by one`);
    return { data: await request<never>(`${list.path}/${encodeURIComponent(String(id))}`, { silent: silentOf(meta) }) };
  },

  create: () => Promise.reject(new Error('system data provider: use custom')),
  update: () => Promise.reject(new Error('system data provider: use custom')),
  deleteOne: () => Promise.reject(new Error('system data provider: use custom')),

  custom: customRequest,
};
