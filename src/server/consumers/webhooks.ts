// The "webhooks" consumer of the event stream (issue 30 item 5; DESIGN §10 "Events"): each event
// an enabled endpoint subscribes to ("<resource>.<action>") and its account may read (the same
// decision as the live stream and GET: the account owner's ability on the record) becomes one row
// of webhook_deliveries, written in the drain's transaction with the consumer's position
// (consumer.ts), so every event is turned into its deliveries once, on whichever node drains.
// Sending them is the webhooks domain's (src/server/domains/webhooks/send.ts): an HTTP call never
// runs inside this transaction. An endpoint hears only events written after it was registered.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { decide } from '../../shared/access';
import { asRecord, type RecordAbility } from '../../shared/resources/recordAbility';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { accounts, users } from '../db/schema';
import { actorOf, userRecordAbility } from '../plugins/auth';
import { parsePosition, streamHead, type StreamEvent } from '../resources/eventStream';
import { toView, type RecordRow } from '../resources/records';
import type { ResourceRegistry } from '../resources/registry';
import type { SessionUser } from '../sessions/tokens';
import { recordsOf, type Consumer } from './consumer';

export const WEBHOOKS = 'webhooks';

/** An event's type as endpoints subscribe to it. */
export const eventTypeOf = (e: { resource: string; action: string }) => `${e.resource}.${e.action}`;

/** Inputs never sent (as the audit trail: confirmations are spent, never stored; this is a second guard). */
const SECRET = /code|password|secret|token/i;

interface EndpointRow {
  id: string;
  account_id: string;
  event_types: string[];
  created_at: Date | string;
}

/** What a receiver gets: the event, and the record as it stands when the delivery is written. */
export function webhookPayload(deliveryId: string, e: StreamEvent, record: RecordRow, apiKeyId: string | null) {
  return {
    id: deliveryId,
    type: eventTypeOf(e),
    createdAt: e.at,
    event: {
      position: e.position,
      resource: e.resource,
      action: e.action,
      recordId: e.recordId,
      from: e.from,
      to: e.to,
      version: e.version,
      at: e.at,
      input: Object.fromEntries(Object.entries(e.input ?? {}).filter(([k]) => !SECRET.test(k))),
      actor: e.by ? { kind: apiKeyId ? 'apiKey' : 'person', userId: e.by, accountId: e.actorAccountId, ...(apiKeyId ? { apiKeyId } : {}) } : { kind: 'system', job: e.job },
    },
    record: toView(record),
  };
}

/**
 * Creates the consumer's position at the stream's head if it has none: endpoints hear only what
 * happens after they are registered, so a new server need not read the history it would skip.
 */
export async function ensureWebhooksConsumer(db: Db): Promise<void> {
  const head = parsePosition(await streamHead(db))!;
  await db.execute(sql`insert into consumer_positions (name, order_tx, seq) values (${WEBHOOKS}, ${head.tx}::xid8, ${head.seq}::bigint) on conflict (name) do nothing`);
}

export function webhooksConsumer(resources: ResourceRegistry): Consumer {
  return {
    name: WEBHOOKS,
    async handle(tx, events) {
      const types = [...new Set(events.map(eventTypeOf))];
      const endpoints = await queryRows<EndpointRow>(
        tx,
        sql`select id, account_id, event_types, created_at from webhook_endpoints
          where enabled and event_types ?| string_to_array(${types.join(',')}::text, ',')`,
      );
      if (!endpoints.length) return;
      const [records, owners, keys] = await Promise.all([recordsOf(tx, events), ownersOf(tx, [...new Set(endpoints.map((e) => e.account_id))]), apiKeysOf(tx, events)]);
      const abilities = new Map<string, RecordAbility | null>();
      const mayRead = (owner: SessionUser, e: StreamEvent, row: RecordRow): boolean => {
        const r = resources.get(e.resource);
        if (!r) return false;
        const k = `${owner.accountId}:${e.resource}`;
        let ability = abilities.get(k);
        if (ability === undefined) abilities.set(k, (ability = decide(actorOf(owner), r.def, 'show').can ? userRecordAbility(owner, r.def) : null));
        return !!ability && ability.can('read', asRecord(r.def, row));
      };
      const rows: { id: string; endpoint_id: string; account_id: string; event_seq: number; event_type: string; record_id: string; payload: unknown; next_at: string; created_at: string }[] = [];
      for (const e of events) {
        const record = records.get(e.recordId);
        if (!record) continue;
        const type = eventTypeOf(e);
        for (const ep of endpoints) {
          if (!ep.event_types.includes(type) || new Date(e.at).getTime() < new Date(ep.created_at).getTime()) continue;
          const owner = owners.get(ep.account_id);
          if (!owner || !mayRead(owner, e, record)) continue;
          const id = randomUUID();
          rows.push({ id, endpoint_id: ep.id, account_id: ep.account_id, event_seq: e.seq, event_type: type, record_id: e.recordId, payload: webhookPayload(id, e, record, keys.get(e.seq) ?? null), next_at: e.at, created_at: e.at });
        }
      }
      if (!rows.length) return;
      // Due at once (next_at: the event's time); one per endpoint and event even if a batch is handled twice.
      await tx.execute(sql`insert into webhook_deliveries (id, endpoint_id, account_id, event_seq, event_type, record_id, payload, next_at, created_at)
        select id, endpoint_id, account_id, event_seq, event_type, record_id, payload, next_at, created_at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, endpoint_id uuid, account_id uuid, event_seq bigint, event_type text, record_id uuid, payload jsonb, next_at timestamptz, created_at timestamptz)
        on conflict (endpoint_id, event_seq) do nothing`);
    },
  };
}

/** Each account's active owner, as a caller the access decision reads (the owner registered the endpoints). */
async function ownersOf(tx: Db, accountIds: string[]): Promise<Map<string, SessionUser>> {
  const rows = await tx
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(inArray(users.accountId, accountIds), eq(users.isOwner, true), eq(users.status, 'active'), eq(accounts.status, 'active')));
  return new Map(rows.map((r) => [r.user.accountId, { ...r.user, account: r.account, tokenHash: '' }]));
}

/** The API key each event of the batch came with (the stream does not carry it). */
async function apiKeysOf(tx: Db, events: readonly StreamEvent[]): Promise<Map<number, string>> {
  const seqs = events.filter((e) => e.by).map((e) => e.seq);
  if (!seqs.length) return new Map();
  const rows = await queryRows<{ seq: string; api_key_id: string }>(
    tx,
    sql`select seq::text, api_key_id from resource_events where seq = any(string_to_array(${seqs.join(',')}::text, ',')::bigint[]) and api_key_id is not null`,
  );
  return new Map(rows.map((r) => [Number(r.seq), r.api_key_id]));
}
