// Engine II, actions as transactions (DESIGN §7): an action's handler runs before the state is
// written, sees the locked record, may refuse, patch fields, choose another declared state and
// create records of other resources; a failing handler leaves nothing behind; create and
// actions honour Idempotency-Key. Proven on a temporary schema root with two fixture resources.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { conflict } from '../../src/server/errors';
import type { Domain } from '../../src/server/domain';
import { domains } from '../../src/server/domains';
import { signedIn } from '../support/flows';
import { copySchemaRoot } from '../support/schema-root';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';

const FAILING_QUANTITY = 13;

const labels = (title: string) => ({
  'zh-CN': { title, fields: { name: '名称', quantity: '数量', consignment: '货物', state: '状态', createdAt: '创建时间' }, states: { open: '待发', shipped: '已发' }, actions: { ship: { label: '发货' } }, sections: { basic: '信息' } },
  'en-US': { title, fields: { name: 'Name', quantity: 'Quantity', consignment: 'Consignment', state: 'Status', createdAt: 'Created' }, states: { open: 'Open', shipped: 'Shipped' }, actions: { ship: { label: 'Ship' } }, sections: { basic: 'Details' } },
});

const CONSIGNMENTS = {
  name: 'consignments',
  permissionId: 'account',
  ownership: 'account',
  record: {
    type: 'object',
    required: ['name', 'quantity'],
    additionalProperties: false,
    properties: { name: { type: 'string', minLength: 2, maxLength: 50 }, quantity: { type: 'integer', minimum: 0, maximum: 1000 } },
  },
  list: { columns: ['name', 'quantity', 'state', 'createdAt'], filters: [], defaultSort: '-createdAt', sortable: ['createdAt'] },
  show: { sections: [{ key: 'basic', fields: ['name', 'quantity', 'state'] }] },
  form: { fields: ['name', 'quantity'] },
  states: { initial: 'open', values: ['open', 'shipped'], editableIn: ['open'] },
  actions: [
    {
      name: 'ship',
      from: ['open'],
      to: 'shipped',
      ability: 'edit',
      handler: 'test.ship',
      input: { type: 'object', required: ['quantity'], properties: { quantity: { type: 'integer', minimum: 1, maximum: 1000 } } },
    },
  ],
  labels: labels('Consignments'),
  menu: { parent: 'accountCentre', path: '/operator/consignments', icon: 'HomeOutlined' },
};

const DISPATCH_NOTES = {
  ...CONSIGNMENTS,
  name: 'dispatchNotes',
  record: {
    type: 'object',
    required: ['consignment', 'quantity'],
    additionalProperties: false,
    properties: { consignment: { type: 'string', minLength: 36, maxLength: 36 }, quantity: { type: 'integer', minimum: 1, maximum: 1000 } },
  },
  list: { columns: ['consignment', 'quantity', 'createdAt'], filters: [], defaultSort: '-createdAt', sortable: ['createdAt'] },
  show: { sections: [{ key: 'basic', fields: ['consignment', 'quantity'] }] },
  form: { fields: ['consignment', 'quantity'] },
  states: undefined,
  actions: undefined,
  labels: labels('Dispatch notes'),
  menu: { parent: 'accountCentre', path: '/operator/dispatchNotes', icon: 'HomeOutlined' },
};

// A test domain: ships part or all of a consignment, a dispatch note per shipment, the rest stays open.
const shipping: Domain = {
  name: 'shipping',
  handlers: {
    'test.ship': async ({ record, input, accountId, create }) => {
      const left = (record.data.quantity as number) - (input.quantity as number);
      if (left < 0) throw conflict('actionNotAllowed');
      await create('dispatchNotes', { consignment: record.id, quantity: input.quantity }, { accountId });
      if (input.quantity === FAILING_QUANTITY) throw new Error('handler failed after writing');
      return { patch: { quantity: left }, to: left === 0 ? 'shipped' : 'open' };
    },
  },
};

describe.skipIf(!dbAvailable)('resource actions are transactions with handlers', () => {
  let root: string;
  let s: TestServer;
  let owner: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    root = copySchemaRoot();
    for (const def of [CONSIGNMENTS, DISPATCH_NOTES]) {
      fs.writeFileSync(path.join(root, `schemas/resources/${def.name}.json`), JSON.stringify(def, null, 2));
    }
    s = await startTestServer({ SCHEMA_ROOT: root }, [...domains, shipping]);
    owner = await signedIn(s, { userType: 'enterprise', enterpriseName: '某某货运有限公司' });
  });
  afterAll(async () => {
    await s?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const newConsignment = async (quantity: number) =>
    (await s.call<ResourceRecord>('POST', '/api/r/consignments', { token: owner.token, body: { name: '钢卷一批', quantity } })).body.data;
  const ship = (id: string, quantity: number, key?: string) =>
    s.call<ResourceRecord>('POST', `/api/r/consignments/${id}/actions/ship`, { token: owner.token, body: { quantity }, headers: key ? { 'Idempotency-Key': key } : {} });
  const notesOf = async (id: string) => {
    const page = await s.call<Page<ResourceRecord>>('GET', '/api/r/dispatchNotes?pageSize=100', { token: owner.token });
    return page.body.data.records.filter((note) => note.consignment === id);
  };
  const read = async (id: string) => (await s.call<ResourceRecord & { events: { action: string }[] }>('GET', `/api/r/consignments/${id}`, { token: owner.token })).body.data;

  it('runs the handler before the write: it patches fields, picks the state and creates records', async () => {
    const c = await newConsignment(10);
    const partial = await ship(c.id, 3);
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({ state: 'open', quantity: 7, version: 2 });
    const rest = await ship(c.id, 7);
    expect(rest.body.data).toMatchObject({ state: 'shipped', quantity: 0, version: 3 });
    expect((await notesOf(c.id)).map((n) => n.quantity).sort()).toEqual([3, 7]);
    expect((await read(c.id)).events.map((e) => e.action)).toEqual(['create', 'ship', 'ship']);
    // The shipped consignment has no open state left to ship from.
    expect((await ship(c.id, 1)).status).toBe(409);
  });

  it('a handler that refuses writes nothing', async () => {
    const c = await newConsignment(2);
    const refused = await ship(c.id, 5);
    expect(refused.status).toBe(409);
    expect(await read(c.id)).toMatchObject({ state: 'open', quantity: 2, version: 1 });
    expect(await notesOf(c.id)).toEqual([]);
  });

  it('a handler that fails after writing rolls back everything: the record, its event and what it created', async () => {
    const c = await newConsignment(20);
    const failed = await ship(c.id, FAILING_QUANTITY);
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe(500);
    const after = await read(c.id);
    expect(after).toMatchObject({ state: 'open', quantity: 20, version: 1 });
    expect(after.events.map((e) => e.action)).toEqual(['create']);
    expect(await notesOf(c.id)).toEqual([]);
  });

  it('replays an action with the same Idempotency-Key byte for byte, without running it again', async () => {
    const c = await newConsignment(10);
    const first = await ship(c.id, 4, 'ship-key-1');
    const replay = await ship(c.id, 4, 'ship-key-1');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.stringify(replay.body)).toBe(JSON.stringify(first.body));
    expect(await read(c.id)).toMatchObject({ quantity: 6, version: 2 });
    expect(await notesOf(c.id)).toHaveLength(1);
    const other = await ship(c.id, 5, 'ship-key-1');
    expect(other.status).toBe(422);
    expect(await read(c.id)).toMatchObject({ quantity: 6, version: 2 });
  });

  it('creates once per Idempotency-Key', async () => {
    const body = { name: '幂等创建', quantity: 5 };
    const headers = { 'Idempotency-Key': 'create-key-1' };
    const first = await s.call<ResourceRecord>('POST', '/api/r/consignments', { token: owner.token, body, headers });
    const again = await s.call<ResourceRecord>('POST', '/api/r/consignments', { token: owner.token, body, headers });
    expect(again.body.data.id).toBe(first.body.data.id);
    const list = await s.call<Page<ResourceRecord>>('GET', '/api/r/consignments?pageSize=100', { token: owner.token });
    expect(list.body.data.records.filter((r) => r.name === '幂等创建')).toHaveLength(1);
  });

  it.runIf(testDbKind === 'postgres')('of parallel shipments of the whole quantity, exactly one ships and one dispatch note exists', async () => {
    const c = await newConsignment(8);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => ship(c.id, 8, `race-${c.id}-${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await read(c.id)).toMatchObject({ state: 'shipped', quantity: 0, version: 2 });
    expect(await notesOf(c.id)).toHaveLength(1);
  });
});
