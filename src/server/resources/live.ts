// The live console (DESIGN §10): GET /api/events/stream is a server-sent-events stream of the
// moves of records the signed-in user may read, checked per event by the same ability as GET
// (nothing of another account ever goes out). Each node has one hub that reads the event stream
// (eventStream.ts) while someone listens, and fans each batch out to its connections; a batch's
// records are read once for every connection's check. Each event's id is its stream position: a
// browser that reconnects (to this node or another) sends Last-Event-ID and gets every event after
// it from the database, then the live ones. Comments every 15 s keep proxies from
// closing an idle stream; a session that ends (signed out, expired) closes its stream. The hub's
// reads and the heartbeats are the node's tasks on the one scheduler (liveTasks, scheduler.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { decide } from '../../shared/access';
import type { LiveEvent } from '../../shared/api';
import { asRecord, type RecordAbility } from '../../shared/resources/recordAbility';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { resourceRecords } from '../db/schema';
import { actorOf, currentUser, userRecordAbility } from '../plugins/auth';
import { resolveToken, tokenFromHeader, type SessionUser } from '../sessions/tokens';
import { parsePosition, readEvents, streamHead, type StreamEvent } from './eventStream';
import type { RecordRow } from './records';
import type { ResourceRegistry } from './registry';
import type { NodeTask } from '../scheduler';

/** How often the hub reads the stream while someone listens. */
export const LIVE_POLL_MS = 250;
const HEARTBEAT_MS = 15_000;

export type { LiveEvent };

type Row = Pick<RecordRow, 'id' | 'resource' | 'accountId' | 'state' | 'parties' | 'data'>;

interface Listener {
  user: SessionUser;
  /** The heartbeat: the stream's session still stands (a comment goes out) or the stream ends. */
  beat(): Promise<void>;
  abilities: Map<string, RecordAbility | null>;
  /** Events read by the hub while this listener was still catching up from the database. */
  held?: { events: StreamEvent[]; rows: Map<string, Row> }[];
  send(event: StreamEvent): void;
}

const toLive = (e: StreamEvent): LiveEvent => ({ resource: e.resource, id: e.recordId, action: e.action, from: e.from, to: e.to, version: e.version, at: e.at, bySystem: !e.by });

/** Every hub of this process: a request that may have moved records wakes them (nudgeLive). */
const hubs = new Set<LiveHub>();

/**
 * Wakes this process's hubs to read the stream now rather than at their next tick: called after
 * every request that may have moved a record and after every job, so a move made on this node
 * reaches its open streams at once; one made on another node arrives within LIVE_POLL_MS.
 */
export function nudgeLive(): void {
  for (const hub of hubs) hub.soon();
}

export class LiveHub {
  private position: string | undefined;
  private again = false;
  private readonly listeners = new Set<Listener>();
  /** Someone listens: the hub reads the stream at each poll. */
  private active = false;
  private reading = false;

  constructor(
    private readonly db: Db,
    private readonly resources: ResourceRegistry,
  ) {}

  /** The records of a batch, for the checks. */
  async rowsOf(events: readonly StreamEvent[]): Promise<Map<string, Row>> {
    const byResource = new Map<string, string[]>();
    for (const e of events) byResource.set(e.resource, [...(byResource.get(e.resource) ?? []), e.recordId]);
    const rows = new Map<string, Row>();
    for (const [resource, ids] of byResource) {
      const found = await this.db
        .select({ id: resourceRecords.id, resource: resourceRecords.resource, accountId: resourceRecords.accountId, state: resourceRecords.state, parties: resourceRecords.parties, data: resourceRecords.data })
        .from(resourceRecords)
        .where(and(eq(resourceRecords.resource, resource), inArray(resourceRecords.id, [...new Set(ids)])));
      for (const r of found) rows.set(r.id, r);
    }
    return rows;
  }

  /** Whether the listener may read the event's record now: the list decision and the record's ability, as GET asks them. */
  mayRead(l: Listener, e: StreamEvent, rows: Map<string, Row>): boolean {
    const r = this.resources.get(e.resource);
    const row = rows.get(e.recordId);
    if (!r || !row) return false;
    let ability = l.abilities.get(e.resource);
    if (ability === undefined) {
      ability = decide(actorOf(l.user), r.def, 'show').can ? userRecordAbility(l.user, r.def) : null;
      l.abilities.set(e.resource, ability);
    }
    return !!ability && ability.can('read', asRecord(r.def, row));
  }

  deliver(l: Listener, events: readonly StreamEvent[], rows: Map<string, Row>) {
    for (const e of events) if (this.mayRead(l, e, rows)) l.send(e);
  }

  /** Reads the stream as soon as the current read (if any) ends. */
  soon() {
    if (!this.listeners.size) return;
    if (this.reading) this.again = true;
    else setImmediate(() => void this.tick().catch(() => undefined));
  }

  /** The node task's poll: a move made on another node arrives within LIVE_POLL_MS. */
  async poll() {
    if (this.active) await this.tick();
  }

  /** The node task's heartbeat, for every open stream. */
  async beat() {
    await Promise.all([...this.listeners].map((l) => l.beat().catch(() => undefined)));
  }

  private async tick() {
    if (this.reading || !this.listeners.size) return;
    this.reading = true;
    this.again = false;
    try {
      this.position ??= await streamHead(this.db);
      for (;;) {
        const events = await readEvents(this.db, this.position);
        if (!events.length) break;
        const rows = await this.rowsOf(events);
        this.position = events[events.length - 1].position;
        for (const l of this.listeners) {
          if (l.held) l.held.push({ events, rows });
          else this.deliver(l, events, rows);
        }
        if (events.length < 500) break;
      }
    } finally {
      this.reading = false;
      if (this.again) this.soon();
    }
  }

  /**
   * Adds a listener from `after` (a position it already has) or from the stream's head: what came
   * after its position is sent first, from the database up to where the hub stands, then what the
   * hub reads from there on (held while catching up), in order, nothing twice.
   */
  async join(l: Listener, after: string | undefined): Promise<string> {
    // An idle hub read nothing since its last listener left: it starts again from the head.
    if (!this.active) this.position = await streamHead(this.db);
    this.listeners.add(l);
    this.start();
    const until = this.position!;
    if (!after || !before(after, until)) return until;
    l.held = [];
    let at = after;
    while (before(at, until)) {
      const events = (await readEvents(this.db, at)).filter((e) => !before(until, e.position));
      if (!events.length) break;
      this.deliver(l, events, await this.rowsOf(events));
      at = events[events.length - 1].position;
    }
    const held = l.held;
    delete l.held;
    for (const batch of held) this.deliver(l, batch.events.filter((e) => before(at, e.position)), batch.rows);
    return until;
  }

  leave(l: Listener) {
    this.listeners.delete(l);
    if (!this.listeners.size) this.stop();
  }

  private start() {
    hubs.add(this);
    this.active = true;
  }

  stop() {
    hubs.delete(this);
    this.active = false;
  }
}

/** The hub's periodic work, run on every node by the scheduler (node tasks). */
export function liveTasks(hub: LiveHub): NodeTask[] {
  return [
    { name: 'live.poll', every: LIVE_POLL_MS, run: () => hub.poll() },
    { name: 'live.heartbeat', every: HEARTBEAT_MS, run: () => hub.beat() },
  ];
}

/** a < b in stream order. */
function before(a: string, b: string): boolean {
  const pa = parsePosition(a)!;
  const pb = parsePosition(b)!;
  const ta = BigInt(pa.tx);
  const tb = BigInt(pb.tx);
  return ta < tb || (ta === tb && BigInt(pa.seq) < BigInt(pb.seq));
}

export default async function liveRoutes(app: FastifyInstance, ctx: { db: Db; clock: Clock; live: LiveHub }) {
  const hub = ctx.live;
  app.addHook('onClose', async () => hub.stop());

  app.get(
    '/events/stream',
    {
      preValidation: app.requireAuth,
      schema: {
        tags: ['events'],
        summary: 'Live moves of the records I may read (text/event-stream; Last-Event-ID resumes)',
        description:
          'A server-sent-events stream. Each `record` event carries `{resource, id, action, from, to, version, at, bySystem}` of one move of a record the caller may read (the same ability as GET /api/r/{resource}/{id}); its `id` is the stream position: send it back as the Last-Event-ID header to resume after it. A `ready` event first says where the stream starts.',
        produces: ['text/event-stream'],
        response: { 200: { description: 'text/event-stream of `ready` and `record` events', content: { 'text/event-stream': { schema: { type: 'string' } } } } },
      },
    },
    async (req: FastifyRequest, reply: FastifyReply) => {
      const user = currentUser(req);
      const token = tokenFromHeader(req.headers.authorization)!;
      const lastId = req.headers['last-event-id'];
      const after = parsePosition(lastId) ? String(lastId) : undefined;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Behind nginx: do not buffer the stream.
        'x-accel-buffering': 'no',
      });
      const write = (text: string) => {
        if (!raw.destroyed) raw.write(text);
      };
      const listener: Listener = {
        user,
        // The session still stands (not signed out, not expired), or the stream ends.
        beat: async () => ((await resolveToken(ctx.db, token, ctx.clock.now())) ? write(`: ping\n\n`) : close()),
        abilities: new Map(),
        send: (e) => write(`id: ${e.position}\nevent: record\ndata: ${JSON.stringify(toLive(e))}\n\n`),
      };
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        hub.leave(listener);
        raw.end();
      };
      req.raw.on('close', close);
      // Reconnect after 1 s when the connection drops (the browser's EventSource does).
      write('retry: 1000\n\n');
      const head = await hub.join(listener, after);
      write(`event: ready\ndata: ${JSON.stringify({ position: after ?? head })}\n\n`);
    },
  );
}
