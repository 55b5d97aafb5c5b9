// The event stream across two nodes on one PostgreSQL (issue 27): moves interleaved on both
// nodes, racing for the same records, are each seen exactly once by every consumer (one reading
// through each node's pool while the moves run), in commit order per record (their versions
// ascend); and a live stream cut off with its node resumes on the other node from Last-Event-ID
// with nothing lost and nothing twice. PostgreSQL only: PGlite is one process on one connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { readEvents, streamHead, type StreamEvent } from '../../src/server/resources/eventStream';
import type { LiveEvent } from '../../src/server/resources/live';
import { offerBody } from '../support/bodies';
import { tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';

describe.runIf(dbAvailable && testDbKind === 'postgres')('events across two nodes', () => {
  let a: TestServer;
  let b: TestServer;
  let owner: TradingParty;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({}, undefined, { shareDatabaseOf: a });
    owner = await tradingParty(a, '双节点事件有限公司');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const node = (i: number) => (i % 2 === 0 ? a : b);
  const drafts = async (n: number, tag: string) => {
    const made: ResourceRecord[] = [];
    for (let i = 0; i < n; i += 1) {
      const res = await node(i).call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: owner.token, body: offerBody(`${tag} ${i}`) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made.push(res.body.data);
    }
    return made;
  };
  /** One edit on node `i % 2`: the version read there, the edit sent there; answers whether it landed (a race lost is a 409). */
  const edit = async (i: number, id: string) => {
    const s = node(i);
    const read = await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${id}`, { token: owner.token });
    const { id: _id, state: _state, events: _events, parties: _parties, ...data } = read.body.data as ResourceRecord & { events?: unknown };
    const res = await s.call('PUT', `/api/r/purchaseOffers/${id}`, { token: owner.token, body: { ...data, quantity: 1 + (i % 50), title: `${String(read.body.data.title).split(' #')[0]} #${i}` } });
    expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    return res.status === 200;
  };

  it('every consumer sees every move exactly once, in commit order per record, while both nodes race', async () => {
    const start = await streamHead(a.ctx.db);
    const records = await drafts(6, '竞速草稿');
    const ids = new Set(records.map((r) => r.id));
    // Two consumers, one through each node's pool, reading from the same position while the moves run.
    let running = true;
    // A consumer stops once it has read every record's publish, the last move of each (every edit
    // committed before the publishes began, so it comes before them in the stream). An empty read
    // alone proves nothing: a transaction open elsewhere holds the horizon back for a moment.
    const consume = async (s: TestServer) => {
      const seen: StreamEvent[] = [];
      let at = start;
      const deadline = Date.now() + 60_000;
      for (;;) {
        const batch = await readEvents(s.ctx.db, at, 7);
        seen.push(...batch);
        if (batch.length) at = batch[batch.length - 1].position;
        else if (!running && seen.filter((e) => ids.has(e.recordId) && e.action === 'publish').length === records.length) return seen;
        else if (Date.now() > deadline) return seen;
        else await new Promise((r) => setTimeout(r, 5));
      }
    };
    const consumers = [consume(a), consume(b)];
    // 120 edits, 20 at a time, on both nodes, several on the same record at once.
    let landed = 0;
    for (let round = 0; round < 6; round += 1) {
      const results = await Promise.all(Array.from({ length: 20 }, (_, k) => edit(round * 20 + k, records[(round + k) % records.length].id)));
      landed += results.filter(Boolean).length;
    }
    for (const [i, r] of records.entries()) expect((await node(i).call('POST', `/api/r/purchaseOffers/${r.id}/actions/publish`, { token: owner.token, headers: { 'idempotency-key': crypto.randomUUID() } })).status).toBe(200);
    // Every move has committed: once the consumers find nothing new they stop.
    running = false;
    const [viaA, viaB] = await Promise.all(consumers);
    expect(landed).toBeGreaterThan(20);
    for (const seen of [viaA, viaB]) {
      const mine = seen.filter((e) => ids.has(e.recordId));
      // Exactly once: no event twice, and as many as the moves that landed (a create and a publish per record).
      expect(new Set(mine.map((e) => e.seq)).size).toBe(mine.length);
      expect(mine.length).toBe(landed + 2 * records.length);
      // In commit order per record: versions 1, 2, 3 ... with no gap.
      for (const id of ids) {
        const versions = mine.filter((e) => e.recordId === id).map((e) => e.version);
        expect(versions, id).toEqual(versions.map((_, i) => i + 1));
      }
    }
    // Both consumers saw the same stream.
    expect(viaB.map((e) => e.position)).toEqual(viaA.map((e) => e.position));
  });

  it('a stream cut off with its node resumes on the other node from Last-Event-ID, nothing lost, nothing twice', async () => {
    const records = await drafts(4, '断线草稿');
    const ids = new Set(records.map((r) => r.id));
    const from = await streamHead(a.ctx.db);
    const got: { id: string; event: LiveEvent }[] = [];
    /** Reads a stream until `until` says stop, collecting each record event with its id; answers the last id. */
    const read = async (s: TestServer, lastId: string | undefined, until: () => boolean) => {
      const controller = new AbortController();
      const res = await fetch(`${s.baseUrl}/api/events/stream`, { headers: { authorization: owner.token, ...(lastId ? { 'last-event-id': lastId } : {}) }, signal: controller.signal });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let last = lastId;
      const deadline = Date.now() + 15_000;
      // One read outstanding at a time: a read left behind by the timeout is awaited next, not lost.
      let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
      while (!until() && Date.now() < deadline) {
        pending ??= reader.read();
        const chunk = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), 200))]);
        if (chunk) pending = undefined;
        if (chunk && !chunk.done) buffer += decoder.decode(chunk.value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = /^id: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (id && data && /^event: record$/m.test(frame)) {
            got.push({ id, event: JSON.parse(data) as LiveEvent });
            last = id;
          }
        }
      }
      controller.abort();
      return last;
    };
    // Moves go on on node A while the client listens on node B; B's stream is cut after 5 of them.
    const moves = (async () => {
      for (let i = 0; i < 16; i += 1) await edit(2 * i, records[i % records.length].id);
    })();
    const ours = () => got.filter((g) => ids.has(g.event.id));
    const lastOnB = await read(b, from, () => ours().length >= 5);
    expect(lastOnB).toBeDefined();
    await moves;
    // Every edit has landed (they ran one at a time on A): the stream on A, resumed, must bring the rest.
    await read(a, lastOnB, () => ours().length >= 16);
    const mine = ours();
    expect(mine.map((g) => g.event.action)).toEqual(Array.from({ length: 16 }, () => 'edit'));
    expect(new Set(mine.map((g) => g.id)).size).toBe(16);
    for (const id of ids) {
      const versions = mine.filter((g) => g.event.id === id).map((g) => g.event.version!);
      expect(versions).toEqual([...versions].sort((x, y) => x - y));
    }
  });
});
