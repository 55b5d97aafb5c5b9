// The API contract says what the server does (issue 20), read from the served OpenAPI document
// and checked against the running server, so a route added later is held to it too:
//   - Idempotency-Key is documented required exactly on the operations that refuse a request
//     without it (400), and optional where it is taken but not required;
//   - a resource list documents every query parameter it reads (scope included, with the
//     scopes it accepts) and accepts nothing undocumented.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorsZh from '../../src/shared/locales/zh-CN/errors.json';
import { UUID_PATTERN } from '../../src/server/openapi/kit';
import { bankedParty } from '../support/funds';
import { loginPassword } from '../support/flows';
import { dbAvailable, startTestServer, type ApiResponse, type TestServer } from '../support/server';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; format?: string; pattern?: string; minLength?: number; minimum?: number; minItems?: number; $ref?: string };
interface Param {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Op {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, Schema> };
}

const ADMIN = { phone: '13800000091', password: 'Admin#2026' };
/** Every scope name a list could take (src/shared/resources/recordAbility.ts listScopes): mine, market, ops and the party roles. */
const ANY_SCOPE = ['mine', 'market', 'ops', 'buyer', 'seller', 'payer', 'payee', 'participant', 'owner'];

/** A value that passes the shape of `schema` (route schemas check only the shape before the key). */
function exampleOf(schema: Schema, components: Record<string, Schema>): unknown {
  if (schema.$ref) return exampleOf(components[schema.$ref.split('/').pop()!] ?? {}, components);
  if (schema.enum) return schema.enum[0];
  const type = [schema.type].flat()[0];
  if (type === 'string') return schema.pattern === UUID_PATTERN || schema.format === 'uuid' ? randomUUID() : 'x'.repeat(Math.max(schema.minLength ?? 0, 1));
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  if (type === 'array') return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => exampleOf(schema.items ?? { type: 'string' }, components));
  if (type === 'object' || schema.properties) return Object.fromEntries((schema.required ?? []).map((k) => [k, exampleOf(schema.properties?.[k] ?? {}, components)]));
  return undefined;
}

describe.skipIf(!dbAvailable)('the OpenAPI document against the server', () => {
  let s: TestServer;
  let doc: Doc;
  let tokens: string[];
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password });
    const ops = (await loginPassword(s, ADMIN.phone, ADMIN.password)).body.data.access_token;
    // Platform operations and an approved enterprise: between them, every action has an actor.
    const party = await bankedParty(s, '契约检查实业有限公司');
    tokens = [ops, party.token];
    doc = (await s.call<never>('GET', '/api/docs/json')).body as unknown as Doc;
  });
  afterAll(() => s?.close());

  const keyRequired = (res: ApiResponse) => res.status === 400 && res.body.msg === errorsZh.idempotencyKeyRequired;

  it('marks Idempotency-Key required exactly where a request without it is refused', async () => {
    const mismatches: string[] = [];
    const required: string[] = [];
    let withKey = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const header = op.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
        if (!header) continue;
        withKey += 1;
        const url = path.replace(/\{(\w+)\}/g, () => randomUUID());
        const schema = op.requestBody?.content?.['application/json']?.schema;
        const body = schema ? exampleOf(schema, doc.components.schemas) : {};
        const refused: boolean[] = [];
        for (const token of tokens) refused.push(keyRequired(await s.call(method.toUpperCase(), url, { token, body })));
        const name = `${method.toUpperCase()} ${path}`;
        if (refused.some(Boolean) !== !!header.required) mismatches.push(`${name}: documented ${header.required ? 'required' : 'optional'}, server ${refused.some(Boolean) ? 'requires it' : 'does not'}`);
        if (header.required) {
          required.push(name);
          // With a key the same request is not refused for the want of one.
          for (const token of tokens) expect(keyRequired(await s.call(method.toUpperCase(), url, { token, body, headers: { 'Idempotency-Key': randomUUID() } })), name).toBe(false);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(withKey).toBeGreaterThan(required.length);
    const actions = (resource: string, ...names: string[]) => names.map((a) => `POST /api/r/${resource}/{id}/actions/${a}`);
    expect(required).toEqual(
      expect.arrayContaining([
        ...actions('contracts', 'payCollateral', 'confirmReceipt', 'object', 'resolveRefund', 'resolveRelease'),
        ...actions('deposits', 'confirm'),
        ...actions('withdrawals', 'submit', 'complete', 'fail'),
        ...actions('bills', 'pay', 'reversePayment'),
        ...actions('paymentRequests', 'pay'),
        'POST /api/settlement/payments',
        'POST /api/settlement/clearing-runs',
      ]),
    );
  }, 180_000);

  it('documents every query parameter a resource list reads, and the list accepts nothing else', async () => {
    const lists = Object.entries(doc.paths).filter(([path, item]) => /^\/api\/r\/[^/{]+(\/export)?$/.test(path) && item.get);
    expect(lists.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const [path, item] of lists) {
      const params = (item.get.parameters ?? []).filter((p) => p.in === 'query');
      const names = params.map((p) => p.name);
      for (const reserved of ['scope', 'sort', 'has', ...(path.endsWith('/export') ? ['format'] : ['pageNo', 'pageSize'])]) if (!names.includes(reserved)) problems.push(`${path}: ${reserved} not documented`);
      // An export answers a file, not the envelope: only its refusals are read.
      type Answer = { status: number; data: Record<string, string> | null };
      const get = (query: string): Promise<Answer[]> =>
        Promise.all(
          tokens.map(async (token) => {
            const res = await fetch(`${s.baseUrl}${path}?${query}`, { headers: { authorization: token } });
            const text = await res.text();
            return { status: res.status, data: res.status === 200 ? null : (JSON.parse(text) as { data: Record<string, string> | null }).data };
          }),
        );
      const blames = (answers: Answer[], param: string) => answers.some((a) => a.status === 400 && a.data && param in a.data);
      // Each documented parameter is read: all of them at once with a valid value (an empty
      // filter is no filter), then each documented scope on its own, listed by someone.
      const valid = params.filter((p) => p.name !== 'scope').map((p) => `${p.name}=${encodeURIComponent(String(p.schema?.enum?.[0] ?? (p.schema?.type === 'integer' ? '1' : '')))}`);
      const together = await get(valid.join('&'));
      for (const p of params) if (blames(together, p.name)) problems.push(`${path}: documented ${p.name} refused`);
      for (const value of (params.find((p) => p.name === 'scope')?.schema?.enum ?? []) as string[]) {
        const answers = await get(`scope=${value}`);
        if (blames(answers, 'scope')) problems.push(`${path}: documented scope ${value} refused`);
        if (!answers.some((a) => a.status === 200)) problems.push(`${path}: documented scope ${value} listed by nobody`);
      }
      // ... and what is not documented is refused by name, scopes included.
      const plain = await get('');
      if (!plain.some((a) => a.status === 200)) continue;
      if (!blames(await get('notDocumented=1'), 'notDocumented')) problems.push(`${path}: undocumented parameter accepted`);
      const scopes = (params.find((p) => p.name === 'scope')?.schema?.enum ?? []) as string[];
      for (const other of ANY_SCOPE.filter((v) => !scopes.includes(v))) if (!blames(await get(`scope=${other}`), 'scope')) problems.push(`${path}: undocumented scope ${other} accepted`);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
