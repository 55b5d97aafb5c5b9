// "Add a page by adding a schema" (issue 4, docs/add-a-resource.md): a new file in
// schemas/resources/ and nothing else gives a validated API with permission gating, account
// scoping and indexes. The console side of the same recipe is in tests/e2e/add-resource.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { copySchemaRoot, WAREHOUSES } from '../support/schema-root';
import { signedIn } from '../support/flows';
import { addOperator } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('adding a resource file', () => {
  let root: string;
  let s: TestServer;
  beforeAll(async () => {
    root = copySchemaRoot();
    fs.writeFileSync(path.join(root, 'schemas/resources/warehouses.json'), JSON.stringify(WAREHOUSES, null, 2));
    s = await startTestServer({ SCHEMA_ROOT: root });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves its definition, list, create, read, update, delete and actions', async () => {
    const owner = await signedIn(s, { userType: 'enterprise', enterpriseName: '某某物流有限公司' });
    const meta = await s.call<ResourceDefinition[]>('GET', '/api/meta/resources', { token: owner.token });
    expect(meta.body.data.map((d) => d.name)).toContain('warehouses');
    const created = await s.call<ResourceRecord>('POST', '/api/r/warehouses', {
      token: owner.token,
      body: { name: '杭州一号仓', region: ['33', '3301', '330106'], capacity: 1200, rent: '35000.00', kind: 'cold' },
    });
    expect(created.body.data).toMatchObject({ name: '杭州一号仓', state: 'active', version: 1 });
    const bad = await s.call('POST', '/api/r/warehouses', { token: owner.token, body: { name: '', capacity: 'many', kind: 'hot' } });
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['capacity', 'kind', 'name', 'region', 'rent']);
    const listed = await s.call<Page<ResourceRecord>>('GET', '/api/r/warehouses?kind=cold&sort=-rent', { token: owner.token });
    expect(listed.body.data.total).toBe(1);
    const closed = await s.call<ResourceRecord>('POST', `/api/r/warehouses/${created.body.data.id}/actions/close`, { token: owner.token, body: {} });
    expect(closed.body.data.state).toBe('closed');
    const viewer = await addOperator(s, owner.phone, 'viewer');
    expect((await s.call('POST', '/api/r/warehouses', { token: viewer.token, body: {} })).status).toBe(403);
    const stranger = await signedIn(s);
    expect((await s.call('GET', `/api/r/warehouses/${created.body.data.id}`, { token: stranger.token })).status).toBe(404);
  });

  it('refuses to start on a broken resource file, naming the file and the JSON pointer', async () => {
    const broken = copySchemaRoot();
    try {
      fs.writeFileSync(
        path.join(broken, 'schemas/resources/warehouses.json'),
        JSON.stringify({ ...WAREHOUSES, list: { ...WAREHOUSES.list, columns: ['name', 'colour'] } }),
      );
      await expect(startTestServer({ SCHEMA_ROOT: broken })).rejects.toThrow(
        "schemas/resources/warehouses.json#/list/columns/1: 'colour' is not a field of record.properties nor a system field",
      );
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('refuses to start when a resource file names a handler no domain contributes, naming the file and the JSON pointer', async () => {
    const broken = copySchemaRoot();
    try {
      const file = path.join(broken, 'schemas/resources/withdrawals.json');
      const def = JSON.parse(fs.readFileSync(file, 'utf8')) as { actions: { name: string; handler?: string }[] };
      const at = def.actions.findIndex((a) => a.handler === 'withdrawals.complete');
      def.actions[at].handler = 'withdrawals.compleet';
      fs.writeFileSync(file, JSON.stringify(def));
      await expect(startTestServer({ SCHEMA_ROOT: broken })).rejects.toThrow(
        `schemas/resources/withdrawals.json#/actions/${at}/handler: action handler 'withdrawals.compleet' is not contributed by any server domain`,
      );
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});
