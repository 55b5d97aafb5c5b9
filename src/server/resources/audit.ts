// The audit trail (DESIGN §10): every move of every record, read from the events the one door
// writes (moves.ts); nothing in it can be changed through the product (the table refuses updates,
// migration 0023). A record's own history is GET /api/r/:resource/:id; here:
//   GET /api/audit          an account's owner: every move by anyone of the account, and the
//                           system's moves (jobs) of the account's records; ops: every account's,
//                           every ops decision and every job's move (filter by account)
//   GET /api/audit/export   the same rows as CSV or XLSX, in the reader's language
// Filters: user, resource, action, actor (person or system), period (China days), account (ops).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { chinaDayStart, formatChinaTime } from '../../shared/chinaTime';
import type { AuditEntry, Page } from '../../shared/api';
import type { Language } from '../../shared/constants';
import { maskPhone } from '../../shared/validators';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { fieldError, forbidden } from '../errors';
import { pageFrom } from '../pagination';
import { actorOf, currentUser } from '../plugins/auth';
import { answers, exportAnswers, nullable, obj, record, t } from '../openapi/kit';
import { ok } from '../plugins/envelope';
import type { SessionUser } from '../sessions/tokens';
import { isUuid } from '../validate';
import { toCsv, toXlsx, type ExportTable } from './export';
import type { ResourceRegistry } from './registry';

/** At most this many rows counted exactly (as lists: resources/query.ts LIST_COUNT_CAP). */
const COUNT_CAP = 10_000;
const EXPORT_MAX = 50_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Inputs never shown, whatever a handler stored (confirmations are spent, never stored: this is a second guard). */
const SECRET = /code|password|secret|token/i;

export interface AuditFilters {
  userId?: string;
  resource?: string;
  action?: string;
  actor?: 'person' | 'system';
  from?: string;
  to?: string;
  accountId?: string;
}

/** The filters of a query string, each checked: a bad one is a 400 on its name. */
export function auditFilters(q: Record<string, unknown>, resources: ResourceRegistry, ops: boolean): AuditFilters {
  const errors: Record<string, string> = {};
  const text = (k: string) => (typeof q[k] === 'string' && q[k] !== '' ? String(q[k]) : undefined);
  const f: AuditFilters = { userId: text('userId'), resource: text('resource'), action: text('action'), from: text('from'), to: text('to'), accountId: text('accountId') };
  const actor = text('actor');
  if (f.userId && !isUuid(f.userId)) errors.userId = 'invalidValue';
  if (f.accountId && (!ops || !isUuid(f.accountId))) errors.accountId = 'invalidValue';
  if (f.resource && !resources.has(f.resource)) errors.resource = 'invalidValue';
  if (f.action && !/^[a-zA-Z]{1,40}$/.test(f.action)) errors.action = 'invalidValue';
  if (actor && actor !== 'person' && actor !== 'system') errors.actor = 'invalidValue';
  else if (actor) f.actor = actor as 'person' | 'system';
  for (const k of ['from', 'to'] as const) if (f[k] && !DAY.test(f[k]!)) errors[k] = 'formats:format.date';
  if (f.from && f.to && DAY.test(f.from) && DAY.test(f.to) && f.from > f.to) errors.to = 'api:periodReversed';
  if (Object.keys(errors).length) throw fieldError(errors);
  return f;
}

/** Whose moves the caller may read: an owner its account's (and the jobs' on its records), ops everyone's. */
function scopeOf(user: SessionUser): SQL {
  if (user.role === 'ops') return sql`true`;
  // The account's trail is for who manages its people: the owner (and an admin operator, who reads them).
  if (!actorOf(user).ability.can('query', 'operators')) throw forbidden();
  const me = user.accountId;
  return sql`(e.actor_account_id = ${me}::uuid or (e.by is null and (
    exists (select 1 from record_parties p where p.record_id = e.record_id and p.account_id = ${me}::uuid)
    or exists (select 1 from resource_records r where r.resource = e.resource and r.id = e.record_id and r.account_id = ${me}::uuid))))`;
}

function whereOf(user: SessionUser, f: AuditFilters): SQL {
  const parts: SQL[] = [scopeOf(user)];
  if (f.userId) parts.push(sql`e.by = ${f.userId}::uuid`);
  if (f.accountId) parts.push(sql`e.actor_account_id = ${f.accountId}::uuid`);
  if (f.resource) parts.push(sql`e.resource = ${f.resource}`);
  if (f.action) parts.push(sql`e.action = ${f.action}`);
  if (f.actor === 'person') parts.push(sql`e.by is not null`);
  if (f.actor === 'system') parts.push(sql`e.by is null`);
  if (f.from) parts.push(sql`e.at >= ${chinaDayStart(f.from).toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`e.at < ${new Date(chinaDayStart(f.to).getTime() + 86_400_000).toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

interface Row {
  seq: string;
  at: Date | string;
  resource: string;
  record_id: string;
  action: string;
  from_state: string | null;
  to_state: string | null;
  input: Record<string, unknown>;
  by: string | null;
  by_name: string | null;
  by_phone: string | null;
  job: string | null;
  actor_account_id: string | null;
  account_name: string | null;
  api_key_id: string | null;
  api_key_name: string | null;
}

const select = (where: SQL) => sql`select e.seq::text, e.at, e.resource, e.record_id, e.action, e.from_state, e.to_state, e.input, e.by,
    u.name as by_name, u.phone as by_phone, e.job, e.actor_account_id, a.name as account_name, e.api_key_id, k.name as api_key_name
  from resource_events e left join users u on u.id = e.by left join accounts a on a.id = e.actor_account_id left join api_keys k on k.id = e.api_key_id
  where ${where}`;

const entryOf = (r: Row): AuditEntry => ({
  seq: Number(r.seq),
  at: new Date(r.at).toISOString(),
  resource: r.resource,
  recordId: r.record_id,
  action: r.action,
  from: r.from_state,
  to: r.to_state,
  input: Object.fromEntries(Object.entries(r.input ?? {}).filter(([k]) => !SECRET.test(k))),
  actor: r.by
    ? { kind: 'person', userId: r.by, name: r.by_name ?? '', phone: maskPhone(r.by_phone ?? ''), accountId: r.actor_account_id, accountName: r.account_name, ...(r.api_key_id ? { apiKey: { id: r.api_key_id, name: r.api_key_name ?? '' } } : {}) }
    : { kind: 'system', job: r.job ?? 'system' },
});

export async function auditPage(db: Db, user: SessionUser, f: AuditFilters, page: { pageSize: number; offset: number }): Promise<Page<AuditEntry>> {
  const where = whereOf(user, f);
  const [rows, [{ total }]] = await Promise.all([
    queryRows<Row>(db, sql`${select(where)} order by e.seq desc limit ${page.pageSize} offset ${page.offset}`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from (select 1 from resource_events e where ${where} limit ${COUNT_CAP + 1}) c`),
  ]);
  const capped = total > COUNT_CAP;
  return { records: rows.map(entryOf), total: capped ? COUNT_CAP : total, ...(capped ? { totalExact: false as const } : {}) };
}

/** The trail as a table in the reader's language: labels of resources, actions and states where the files give them. */
export async function auditTable(db: Db, user: SessionUser, f: AuditFilters, resources: ResourceRegistry, lang: Language, t: TFunction): Promise<ExportTable> {
  const rows = await queryRows<Row>(db, sql`${select(whereOf(user, f))} order by e.seq desc limit ${EXPORT_MAX}`);
  const labelOf = (resource: string) => resources.get(resource)?.def.labels[lang];
  const actionLabel = (resource: string, action: string) =>
    labelOf(resource)?.actions?.[action]?.label ?? (t(`audit:actions.${action}`, { defaultValue: '' }) || action);
  const stateLabel = (resource: string, state: string | null) => (state ? (labelOf(resource)?.states?.[state] ?? state) : '');
  return {
    headers: ['time', 'actor', 'account', 'resource', 'record', 'action', 'from', 'to'].map((h) => t(`audit:columns.${h}`)),
    numeric: [false, false, false, false, false, false, false, false],
    rows: rows.map((r) => {
      const e = entryOf(r);
      const actor = e.actor.kind === 'person' ? (e.actor.apiKey ? t('audit:byKey', { name: e.actor.apiKey.name }) : `${e.actor.name} ${e.actor.phone}`.trim()) : t('audit:system', { job: t(`audit:jobs.${e.actor.job}`, { defaultValue: e.actor.job }) });
      return [formatChinaTime(e.at), actor, e.actor.kind === 'person' ? (e.actor.accountName ?? '') : '', labelOf(r.resource)?.title ?? r.resource, r.record_id, actionLabel(r.resource, r.action), stateLabel(r.resource, r.from_state), stateLabel(r.resource, r.to_state)];
    }),
  };
}

const querySchema = {
  type: 'object',
  properties: {
    pageNo: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    userId: { type: 'string', maxLength: 36, description: 'Moves by this user' },
    accountId: { type: 'string', maxLength: 36, description: 'Ops only: moves by users of this account' },
    resource: { type: 'string', maxLength: 60 },
    action: { type: 'string', maxLength: 40 },
    actor: { type: 'string', enum: ['person', 'system'] },
    from: { type: 'string', maxLength: 10, description: 'First China day (YYYY-MM-DD)' },
    to: { type: 'string', maxLength: 10, description: 'Last China day (YYYY-MM-DD)' },
  },
};

/** One move of the trail (shared/api.ts AuditEntry). */
const auditEntry = record({
  seq: { type: 'integer', description: 'Its place in the trail: larger is later' },
  at: t.dateTime,
  resource: { type: 'string' },
  recordId: { type: 'string' },
  action: { type: 'string' },
  from: nullable({ type: 'string' }),
  to: nullable({ type: 'string' }),
  input: { type: 'object', description: 'What the step was given (never a code or password)' },
  actor: {
    anyOf: [
      obj(
        {
          kind: { type: 'string', const: 'person' },
          userId: { type: 'string' },
          name: { type: 'string' },
          phone: { type: 'string', description: 'Masked' },
          accountId: nullable({ type: 'string' }),
          accountName: nullable({ type: 'string' }),
          apiKey: record({ id: { type: 'string' }, name: { type: 'string' } }),
        },
        ['kind', 'userId', 'name', 'phone', 'accountId', 'accountName'],
      ),
      record({ kind: { type: 'string', const: 'system' }, job: { type: 'string' } }),
    ],
  },
});
const AUDIT_SCHEMAS = {
  page: {
    tags: ['audit'],
    summary: "The audit trail: an owner's account, or every account for ops (newest first)",
    description: "Answers a page of the audit trail, newest first: every move of a record by the users of the caller's account (an owner), or of every account (platform operations), filtered, with who or which job moved it and what it was given.",
    querystring: querySchema,
    response: answers(
      obj({ records: t.list(auditEntry), total: { type: 'integer', minimum: 0, description: 'Exact up to 10,000 moves; past that a lower bound' }, totalExact: { type: 'boolean', description: 'false when total is a lower bound; absent when exact' } }, ['records', 'total']),
      'A page of the trail',
    ),
  },
  export: {
    tags: ['audit'],
    summary: 'The audit trail as CSV or XLSX (format=csv|xlsx), the same filters',
    description: 'Exports the audit trail the filters match (at most 50,000 moves) as CSV or an XLSX workbook.',
    querystring: { ...querySchema, properties: { ...querySchema.properties, format: { type: 'string', enum: ['csv', 'xlsx'] } } },
    response: exportAnswers('The file'),
  },
};

export default async function auditRoutes(app: FastifyInstance, ctx: { db: Db; resources: ResourceRegistry }) {
  const filtersOf = (req: FastifyRequest) => auditFilters(req.query as Record<string, unknown>, ctx.resources, currentUser(req).role === 'ops');
  app.get('/audit', { preValidation: app.requireAuth, schema: AUDIT_SCHEMAS.page }, async (req) => {
    const user = currentUser(req);
    const f = filtersOf(req);
    return ok(req, await auditPage(ctx.db, user, f, pageFrom(req.query, 20)));
  });
  app.get(
    '/audit/export',
    { preValidation: app.requireAuth, schema: AUDIT_SCHEMAS.export },
    async (req, reply) => {
      const user = currentUser(req);
      const f = filtersOf(req);
      const format = (req.query as { format?: string }).format ?? 'xlsx';
      const table = await auditTable(ctx.db, user, f, ctx.resources, req.lang, req.t);
      const stamp = new Date().toISOString().slice(0, 10);
      const title = req.t('audit:title');
      reply.header('content-disposition', `attachment; filename="audit-${stamp}.${format}"; filename*=UTF-8''${encodeURIComponent(`${title}-${stamp}.${format}`)}`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(table, title));
    },
  );
}
