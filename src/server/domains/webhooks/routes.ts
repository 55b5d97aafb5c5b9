// An account's webhook endpoints and their delivery log, managed by its owner (issue 30 item 5):
//   GET    /api/webhooks/event-types             what may be subscribed to: "<resource>.<action>" of the resources the account reads
//   GET    /api/webhooks                         the endpoints (never a secret)
//   POST   /api/webhooks                         {url, eventTypes}: a new endpoint; its signing secret answered this once
//   PUT    /api/webhooks/:id                     {url?, eventTypes?, enabled?}: change, disable, enable again (a failing streak forgotten)
//   DELETE /api/webhooks/:id                     the endpoint and its deliveries
//   GET    /api/webhooks/:id/deliveries          the delivery log, newest first (status filter)
//   POST   /api/webhooks/deliveries/:id/resend   one more try now; answers the delivery as it stands after it
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { decide } from '../../../shared/access';
import type { CreatedWebhookEndpoint, WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '../../../shared/apiKeys';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { DomainContext } from '../../domain';
import { conflict, fieldError, notFound } from '../../errors';
import { answers, done, idParams, nullable, obj, pageProps, record, str, t as f, type JsonSchema } from '../../openapi/kit';
import { pageFrom } from '../../pagination';
import { actorOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { ResourceRegistry } from '../../resources/registry';
import type { SessionUser } from '../../sessions/tokens';
import { ownerOnly } from '../apiKeys/routes';
import { destinationError } from './destination';
import { resend } from './send';

/** Endpoints per account. */
export const MAX_ENDPOINTS = 10;
const tags = ['webhooks'];
const eventTypes = { type: 'array', items: str(100), minItems: 1, maxItems: 200, uniqueItems: true, description: '"<resource>.<action>" names (GET /api/webhooks/event-types)' };
const time = (description: string): JsonSchema => ({ ...nullable(f.dateTime), description });
/** WebhookEndpointView (shared/apiKeys.ts). */
const endpointSchema = record({
  id: f.id,
  url: f.text,
  eventTypes: f.list(f.text),
  enabled: f.bool,
  disabledReason: { type: ['string', 'null'], enum: ['failing', 'owner', null], description: 'failing: 3 days without a success; owner: disabled by the owner' },
  disabledAt: time('When it was disabled'),
  failingSince: time('The first failure since its last success'),
  createdAt: f.dateTime,
});
/** WebhookDeliveryView (shared/apiKeys.ts). */
const deliverySchema = record({
  id: { ...f.id, description: 'Sent as X-LSF-Webhook-Id, the same on every attempt' },
  endpointId: f.id,
  eventType: f.text,
  recordId: f.id,
  status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
  attempts: { type: 'integer', minimum: 0 },
  lastStatusCode: { type: ['integer', 'null'], description: "The receiver's last answer (null: none, see lastError)" },
  lastDurationMs: { type: ['integer', 'null'] },
  lastError: { type: ['string', 'null'], description: 'HTTP <status>, a timeout or a connection error' },
  lastAttemptAt: time('Its last attempt'),
  nextAt: time('Its next try (pending only)'),
  deliveredAt: time('When a 2xx answered'),
  createdAt: f.dateTime,
});
const S = {
  types: {
    tags,
    summary: 'The event types the account may subscribe to: "<resource>.<action>" of every resource it may read',
    response: answers(f.list(record({ type: f.text, resource: f.text, action: f.text })), 'The event types'),
  },
  list: { tags, summary: "The account's webhook endpoints (owner); never a secret", response: answers(f.page(endpointSchema), 'The endpoints, newest first') },
  create: {
    tags,
    summary: 'Register a webhook endpoint (owner); its signing secret is answered once',
    description:
      'Each subscribed event the account may read is POSTed as JSON with X-LSF-Webhook-Id, X-LSF-Webhook-Timestamp and X-LSF-Webhook-Signature: v1=hex(HMAC-SHA256(secret, timestamp + "." + body)); retried with exponential backoff for 3 days.',
    body: obj({ url: str(2000, { description: 'https:// (http:// to 127.0.0.1 or localhost only outside production)' }), eventTypes }, ['url', 'eventTypes']),
    response: answers(record({ endpoint: endpointSchema, secret: { type: 'string', pattern: '^whsec_', description: 'The HMAC key of X-LSF-Webhook-Signature; shown this once' } }), 'The endpoint made, with its secret this once', { 409: 'The account has 10 endpoints already' }),
  },
  update: {
    tags,
    summary: 'Change, disable or enable a webhook endpoint (owner)',
    params: idParams,
    body: obj({ url: str(2000), eventTypes, enabled: { type: 'boolean' } }),
    response: answers(endpointSchema, 'The endpoint as it now is'),
  },
  remove: { tags, summary: 'Delete a webhook endpoint and its delivery log (owner)', params: idParams, response: answers(done, 'Deleted') },
  deliveries: {
    tags,
    summary: "An endpoint's delivery log, newest first (owner): status, response code, duration, attempts, next try",
    params: idParams,
    querystring: obj({ ...pageProps, status: { type: 'string', enum: ['pending', 'delivered', 'failed'] } }),
    response: answers(f.page(deliverySchema), 'The deliveries, newest first'),
  },
  resend: {
    tags,
    summary: 'Send a delivery again now (owner); answers it after the try',
    params: idParams,
    response: answers(deliverySchema, 'The delivery after this try', { 409: 'A node is sending it right now' }),
  },
};

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const endpointView = (e: EndpointRow): WebhookEndpointView => ({
  id: e.id,
  url: e.url,
  eventTypes: e.eventTypes,
  enabled: e.enabled,
  disabledReason: (e.disabledReason as WebhookEndpointView['disabledReason']) ?? null,
  disabledAt: e.disabledAt?.toISOString() ?? null,
  failingSince: e.failingSince?.toISOString() ?? null,
  createdAt: e.createdAt.toISOString(),
});

const deliveryView = (d: DeliveryRow): WebhookDeliveryView => ({
  id: d.id,
  endpointId: d.endpointId,
  eventType: d.eventType,
  recordId: d.recordId,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastDurationMs: d.lastDurationMs,
  lastError: d.lastError,
  lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
  nextAt: d.nextAt?.toISOString() ?? null,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
});

/** The event types of every resource `user`'s account may read: its creation, its actions, its system moves. */
export function eventTypesFor(resources: ResourceRegistry, user: SessionUser): WebhookEventType[] {
  const actor = actorOf(user);
  const out: WebhookEventType[] = [];
  for (const r of resources.values()) {
    if (r.def.source || !decide(actor, r.def, 'show').can) continue;
    const actions = new Set(['create', ...(r.def.actions ?? []).map((a) => a.name), ...(r.def.systemMoves ?? []).map((m) => m.name), ...(r.def.expiry ? ['expire'] : [])]);
    for (const action of actions) out.push({ type: `${r.def.name}.${action}`, resource: r.def.name, action });
  }
  return out;
}

/** A URL a delivery may go to (destination.ts): https to a public address, or http to this machine outside production. */
function checkUrl(url: string, production: boolean): string {
  const error = destinationError(url, production);
  if (error) throw fieldError({ url: `machines:errors.${error}` });
  return new URL(url).toString();
}

function checkTypes(types: string[] | undefined, known: readonly WebhookEventType[]): string[] {
  if (!types?.length) throw fieldError({ eventTypes: 'machines:errors.webhookEventTypes' });
  const names = new Set(known.map((k) => k.type));
  const unknown = types.find((t) => !names.has(t));
  if (unknown) throw fieldError({ eventTypes: { key: 'machines:errors.webhookEventUnknown', params: { type: unknown } } });
  return [...new Set(types)];
}

export default async function webhookRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, clock, resources } = ctx;
  app.addHook('preValidation', app.requireAuth);

  const endpointOf = async (id: string, accountId: string): Promise<EndpointRow> => {
    const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
    if (!row) throw notFound();
    return row;
  };

  app.get('/webhooks/event-types', { schema: S.types }, async (req) => ok(req, eventTypesFor(resources, ownerOnly(req))));

  app.get('/webhooks', { schema: S.list }, async (req) => {
    const me = ownerOnly(req);
    const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, me.accountId)).orderBy(desc(webhookEndpoints.createdAt));
    return ok(req, { records: rows.map(endpointView), total: rows.length });
  });

  app.post('/webhooks', { schema: S.create }, async (req) => {
    const me = ownerOnly(req);
    const body = req.body as { url: string; eventTypes: string[] };
    const url = checkUrl(body.url, ctx.config.production);
    const types = checkTypes(body.eventTypes, eventTypesFor(resources, me));
    const [{ n }] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, me.accountId));
    if (n >= MAX_ENDPOINTS) throw conflict({ key: 'machines:errors.webhookLimit', params: { max: MAX_ENDPOINTS } });
    const now = clock.now();
    const secret = 'whsec_' + randomBytes(32).toString('base64url');
    const [row] = await db.insert(webhookEndpoints).values({ accountId: me.accountId, url, eventTypes: types, secret, createdBy: me.id, createdAt: now, updatedAt: now }).returning();
    const data: CreatedWebhookEndpoint = { endpoint: endpointView(row), secret };
    return ok(req, data);
  });

  app.put('/webhooks/:id', { schema: S.update }, async (req) => {
    const me = ownerOnly(req);
    const { id } = req.params as { id: string };
    const body = req.body as { url?: string; eventTypes?: string[]; enabled?: boolean };
    await endpointOf(id, me.accountId);
    const now = clock.now();
    const patch: Partial<EndpointRow> = { updatedAt: now };
    if (body.url !== undefined) patch.url = checkUrl(body.url, ctx.config.production);
    if (body.eventTypes !== undefined) patch.eventTypes = checkTypes(body.eventTypes, eventTypesFor(resources, me));
    if (body.enabled === true) Object.assign(patch, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
    if (body.enabled === false) Object.assign(patch, { enabled: false, disabledReason: 'owner', disabledAt: now });
    const [row] = await db.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id)).returning();
    return ok(req, endpointView(row));
  });

  app.delete('/webhooks/:id', { schema: S.remove }, async (req) => {
    const me = ownerOnly(req);
    const { id } = req.params as { id: string };
    await endpointOf(id, me.accountId);
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return ok(req, null);
  });

  app.get('/webhooks/:id/deliveries', { schema: S.deliveries }, async (req) => {
    const me = ownerOnly(req);
    const { id } = req.params as { id: string };
    await endpointOf(id, me.accountId);
    const { pageSize, offset } = pageFrom(req.query, 20);
    const status = (req.query as { status?: DeliveryRow['status'] }).status;
    const where = and(eq(webhookDeliveries.endpointId, id), status ? eq(webhookDeliveries.status, status) : undefined);
    const [rows, [{ n }]] = await Promise.all([
      db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.eventSeq)).limit(pageSize).offset(offset),
      db.select({ n: count() }).from(webhookDeliveries).where(where),
    ]);
    return ok(req, { records: rows.map(deliveryView), total: n });
  });

  app.post('/webhooks/deliveries/:id/resend', { schema: S.resend }, async (req) => {
    const me = ownerOnly(req);
    const { id } = req.params as { id: string };
    const [found] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.accountId, me.accountId)));
    if (!found) throw notFound();
    // Held by a node sending it right now: that try is the re-send.
    if (!(await resend(db, clock, id, me.accountId, { publicOnly: ctx.config.production }))) throw conflict('idempotencyInFlight');
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return ok(req, deliveryView(row));
  });
}
