// The door's set-based move (src/server/resources/moves.ts moveMany), as a clearing run uses it:
// data a move patches is validated against the record schema, and one invalid record refuses the
// whole set with nothing written; records whose data the move leaves alone (a write-down changes
// state only) are moved without being checked again, each with its one event.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { resourceEvents, resourceRecords } from '../../src/server/db/schema';
import { moveMany } from '../../src/server/resources/moves';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { World } from '../support/world';

const OPS = { phone: '13800000193', password: 'Admin#Moves2026' };

describe.skipIf(!dbAvailable)('a set-based move through the door', { timeout: 240_000 }, () => {
  let s: TestServer;
  let ids: string[];
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    const world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    const payer = await world.party({ name: '上海批量移动买方有限公司', approved: true, balance: '50000.00' });
    const payee = await world.party({ name: '江苏批量移动卖方有限公司', approved: true });
    const first = await world.bill({ state: 'confirmed', payer, payee, amount: '100.00' });
    const second = await world.bill({ state: 'confirmed', payer, payee, amount: '200.00' });
    ids = [String(first.id), String(second.id)];
  });
  afterAll(() => s?.close());

  const records = () => s.ctx.db.select().from(resourceRecords).where(and(eq(resourceRecords.resource, 'bills'), inArray(resourceRecords.id, ids))).orderBy(resourceRecords.id);
  const events = () => s.ctx.db.select().from(resourceEvents).where(and(inArray(resourceEvents.recordId, ids), eq(resourceEvents.action, 'clear')));
  const move = (patches: Record<string, unknown>[], to: string[]) =>
    s.ctx.db.transaction((tx) =>
      moveMany(tx as unknown as Db, s.ctx.resources.get('bills')!, s.ctx.resources, {
        action: 'clear',
        mover: { job: 'tests.moveMany' },
        moves: ids.map((id, i) => ({ id, from: 'confirmed', to: to[i], patch: patches[i], input: { runId: 'r-test' } })),
        now: s.clock.now(),
      }),
    );

  it('refuses the whole set when one patched record breaks its schema, and writes nothing', async () => {
    const before = await records();
    await expect(move([{ paidAt: 'x'.repeat(60) }, {}], ['paid', 'partiallyPaid'])).rejects.toThrow();
    expect(await records()).toEqual(before);
    expect(await events()).toEqual([]);
  });

  it('moves valid patches and unpatched records alike, one event each, versions up by one', async () => {
    const before = await records();
    const paidAt = s.clock.now().toISOString();
    const moved = await move([{ paidAt }, {}], ['paid', 'partiallyPaid']);
    expect(moved.map((r) => [r.id, r.state]).sort()).toEqual([[ids[0], 'paid'], [ids[1], 'partiallyPaid']].sort());
    const after = await records();
    expect(after.map((r) => r.version)).toEqual(before.map((r) => r.version + 1));
    expect(after.find((r) => r.id === ids[0])?.data).toMatchObject({ paidAt });
    expect(after.find((r) => r.id === ids[1])?.data).toEqual(before.find((r) => r.id === ids[1])?.data);
    expect((await events()).map((e) => [e.recordId, e.fromState, e.toState, e.job]).sort()).toEqual([
      [ids[0], 'confirmed', 'paid', 'tests.moveMany'],
      [ids[1], 'confirmed', 'partiallyPaid', 'tests.moveMany'],
    ].sort());
  });
});
