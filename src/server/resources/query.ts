// Turns a list request's query string (DESIGN §4: pageNo, pageSize, sort=field,-field, one
// parameter per declared filter, q: a search by number or words) into SQL conditions and an order. Anything undeclared or
// malformed is a 400 naming the parameter, never a silent ignore.
import { and, desc, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isMoney } from '../../shared/formats';
import { idRangeOf, SEARCH_MAX_LENGTH, SEARCH_PARAM, searchFieldsOf } from '../../shared/resources/search';
import type { ResourceDefinition } from '../../shared/resources/types';
import { resourceRecords } from '../db/schema';
import { fieldError, type MessageRef } from '../errors';
import { pageFrom, type PageQuery } from '../pagination';
import { fieldSql } from './fields';
import type { ReadFrom } from './registry';

const RESERVED = new Set(['pageNo', 'pageSize', 'sort', 'format', 'scope', 'has', SEARCH_PARAM]);

/**
 * A list's total is counted exactly up to this many matches (Page.totalExact): an exact count
 * of a scope of 100,000 records costs what reading all of them does, and nobody pages that far.
 */
export const LIST_COUNT_CAP = 1000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A declared filter as the request applied it (an enum's values, a range's bounds), for tableTotals.ts. */
export type AppliedFilter =
  | { field: string; kind: 'text'; value: string }
  /** The list's search (`q`): by number or by the words of its text filters (search.ts). */
  | { field: typeof SEARCH_PARAM; kind: 'search'; value: string }
  | { field: string; kind: 'enum'; values: string[] }
  | { field: string; kind: 'dateRange' | 'amountRange'; from: string; to: string };

export interface ListQuery {
  /** Whose records: the resource, and its list source if it has one (sources.ts). */
  resource: ReadFrom;
  where: SQL;
  /** The filters in `where` besides the scope; `has` fields count as filters too. */
  filters: AppliedFilter[];
  orderBy: SQL[];
  page: PageQuery;
}

/** A YYYY-MM-DD that names a day of the calendar (not 2024-13-45 or 2023-02-29). */
export function isCalendarDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Start of a calendar day in China (UTC+8) as an ISO instant. */
const chinaDayStart = (day: string, plusDays = 0) => {
  const d = new Date(`${day}T00:00:00+08:00`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString();
};

function enumValues(def: ResourceDefinition, field: string): string[] {
  if (field === 'state') return def.states?.values ?? [];
  return (def.record.properties[field]?.enum ?? []).map(String);
}

/**
 * A search (src/shared/resources/search.ts): the records whose id starts with it, when it reads
 * as a number (a range of the key, which the primary key's index answers), or one of whose text
 * filters' fields contains it.
 */
function searchSql(r: ReadFrom, search: string): SQL {
  const range = idRangeOf(search);
  const pattern = `%${escapeLike(search)}%`;
  const branches = [
    ...(range ? [sql`${fieldSql(r, 'id')} between ${range[0]}::uuid and ${range[1]}::uuid`] : []),
    ...searchFieldsOf(r.def).map((field) => sql`${fieldSql(r, field)} ilike ${pattern}`),
  ];
  return or(...branches) ?? sql`false`;
}

/** `scope`: which records the caller may list (src/server/resources/scope.ts), ANDed with the filters. */
export function parseListQuery(r: ReadFrom, scope: SQL, query: Record<string, unknown>, opts: { maxPageSize?: number } = {}): ListQuery {
  const def = r.def;
  const errors: Record<string, MessageRef> = {};
  const conds: SQL[] = [scope];
  const applied: AppliedFilter[] = [];
  const filters = new Map(def.list.filters.map((f) => [f.field, f.kind]));

  // has=a,b: only records where these record fields are set (a route's render.has, menu.json).
  const has = String(query.has ?? '').trim();
  for (const field of has ? has.split(',') : []) {
    if (!def.record.properties[field]) errors.has = 'invalidValue';
    else {
      conds.push(sql`${fieldSql(r, field)} is not null`);
      applied.push({ field, kind: 'text', value: '' });
    }
  }

  // q=...: a search by number or words (searchSql).
  const searched = query[SEARCH_PARAM];
  const search = typeof searched === 'string' ? searched.trim() : '';
  if (searched !== undefined && typeof searched !== 'string') errors[SEARCH_PARAM] = 'invalidValue';
  else if (search.length > SEARCH_MAX_LENGTH) errors[SEARCH_PARAM] = 'tooLong';
  else if (search) {
    conds.push(searchSql(r, search));
    applied.push({ field: SEARCH_PARAM, kind: 'search', value: search });
  }

  for (const [param, raw] of Object.entries(query)) {
    if (RESERVED.has(param)) continue;
    const kind = filters.get(param);
    if (!kind) {
      errors[param] = 'unknownFilter';
      continue;
    }
    const value = String(Array.isArray(raw) ? raw.join(',') : raw ?? '').trim();
    if (!value) continue;
    const col = fieldSql(r, param);
    if (kind === 'text') {
      if (value.length > 100) errors[param] = 'tooLong';
      else {
        conds.push(sql`${col} ilike ${`%${escapeLike(value)}%`}`);
        applied.push({ field: param, kind, value });
      }
    } else if (kind === 'enum') {
      const values = value.split(',');
      const allowed = enumValues(def, param);
      if (!values.every((v) => allowed.includes(v))) errors[param] = 'invalidValue';
      else if (param === 'state') conds.push(inArray(resourceRecords.state, values));
      else conds.push(sql`${col} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`);
      applied.push({ field: param, kind, values });
    } else {
      const [from = '', to = ''] = value.split(',').map((v) => v.trim());
      const ok = kind === 'dateRange' ? (v: string) => !v || DATE_RE.test(v) : (v: string) => !v || isMoney(v);
      if (!ok(from) || !ok(to) || (!from && !to) || value.split(',').length > 2) {
        errors[param] = 'invalidRange';
        continue;
      }
      if (kind === 'dateRange' && ![from, to].every((v) => !v || isCalendarDate(v))) {
        errors[param] = 'api:invalidDate';
        continue;
      }
      applied.push({ field: param, kind: kind as 'dateRange' | 'amountRange', from, to });
      const system = param === 'createdAt' || param === 'updatedAt';
      if (kind === 'dateRange' && system) {
        if (from) conds.push(sql`${col} >= ${chinaDayStart(from)}::timestamptz`);
        if (to) conds.push(sql`${col} < ${chinaDayStart(to, 1)}::timestamptz`);
      } else if (kind === 'dateRange') {
        if (from) conds.push(sql`${col} >= ${from}`);
        if (to) conds.push(sql`${col} <= ${to}`);
      } else {
        if (from) conds.push(sql`${col} >= ${from}::numeric`);
        if (to) conds.push(sql`${col} <= ${to}::numeric`);
      }
    }
  }

  const sortable = new Set([...def.list.sortable, def.list.defaultSort.replace(/^-/, '')]);
  const sortParam = typeof query.sort === 'string' && query.sort ? query.sort : def.list.defaultSort;
  const orderBy: SQL[] = [];
  for (const part of sortParam.split(',')) {
    const descending = part.startsWith('-');
    const field = part.replace(/^-/, '');
    if (!sortable.has(field)) {
      errors.sort = 'invalidValue';
      break;
    }
    const col = fieldSql(r, field);
    orderBy.push(descending ? sql`${col} desc nulls last` : sql`${col} asc nulls last`);
  }
  // A stable order across pages even when the sort key ties.
  orderBy.push(desc(resourceRecords.id));

  let page: PageQuery = { pageNo: 1, pageSize: 10, offset: 0 };
  try {
    page = pageFrom(query, 10, opts.maxPageSize);
  } catch (err) {
    Object.assign(errors, (err as { fields?: Record<string, MessageRef> }).fields ?? {});
  }
  if (Object.keys(errors).length) throw fieldError(errors);
  return { resource: r, where: and(...conds)!, filters: applied, orderBy, page };
}
