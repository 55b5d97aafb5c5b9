// GET /api/docs (issue 10): a valid OpenAPI 3.1 document generated from the route schemas and
// from the loaded resources, covering every route the server registers, and its viewer.
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { configFromEnv } from '../../src/server/config';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { readResource } from '../../src/shared/schema/load-node';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { CUSTOM_FORMATS, FORMAT_DOCS } from '../../src/shared/formats';
import { copySchemaRoot, WAREHOUSES } from '../support/schema-root';
import { dbAvailable, openTestDatabase, runnerEnv } from '../support/server';

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

interface OpenApiDoc {
  openapi: string;
  info: { contact?: { name?: string } };
  servers?: Array<{ url: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>; securitySchemes: Record<string, { type: string; scheme?: string }> };
}

const operationsOf = (doc: OpenApiDoc) => Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ method, path: p, op })));

describe.skipIf(!dbAvailable)('OpenAPI document', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let doc: OpenApiDoc;
  let resources: ResourceDefinition[];
  let root: string;

  beforeAll(async () => {
    // A resource added as a file (the add-a-resource example) must appear with no code.
    root = copySchemaRoot();
    fs.writeFileSync(path.join(root, 'schemas/resources/warehouses.json'), JSON.stringify(WAREHOUSES, null, 2));
    resources = fs
      .readdirSync(path.join(root, 'schemas/resources'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => readResource(root, `schemas/resources/${f}`) as ResourceDefinition);
    const db = await openTestDatabase();
    close = db.close;
    const config = { ...configFromEnv({ ...runnerEnv(), SCHEMA_ROOT: root }), webDist: undefined };
    ({ app } = await buildApp({ config, database: db.database, clock: new ManualClock(Date.now()), sms: consoleSmsProvider(() => {}) }));
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await app?.close();
    await close?.();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is a valid OpenAPI 3.1 document, also at /api/docs/openapi.json', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const alias = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(alias.json()).toEqual(doc);
    const negotiated = await app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'application/json' } });
    expect(negotiated.json()).toEqual(doc);
  });

  it('documents every route the server registers', () => {
    const expected: string[] = [];
    for (const { method, url, hidden } of app.routeCatalog) {
      if (hidden || method === 'HEAD' || !url.startsWith('/api/')) continue;
      const templated = url.replace(/:(\w+)/g, '{$1}');
      if (!url.startsWith('/api/r/:resource')) {
        expected.push(`${method} ${templated}`);
        continue;
      }
      // The generic resource routes appear once per resource (and per declared action).
      for (const def of resources) {
        const concrete = templated.replace('{resource}', def.name);
        if (concrete.includes('{action}')) for (const a of def.actions ?? []) expected.push(`${method} ${concrete.replace('{action}', a.name)}`);
        // Only a resource with a document serves one, and one that declares an import its import routes (others answer 404).
        else if ((!concrete.endsWith('/document') || def.document) && (!concrete.includes(`/${def.name}/import`) || def.list.import)) expected.push(`${method} ${concrete}`);
      }
    }
    expect(expected.length).toBeGreaterThan(50);
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`)));
    expect(expected.filter((e) => !documented.has(e))).toEqual([]);
  });

  it('documents each resource with its record schema, filters and actions', () => {
    for (const def of resources) {
      const name = def.name.charAt(0).toUpperCase() + def.name.slice(1);
      expect(Object.keys(doc.components.schemas[`${name}Input`].properties ?? {}).sort()).toEqual(Object.keys(def.record.properties).sort());
      const list = doc.paths[`/api/r/${def.name}`].get;
      const params = (list.parameters ?? []).map((p) => p.name);
      expect(params).toEqual(expect.arrayContaining(['pageNo', 'pageSize', 'sort', ...def.list.filters.map((f) => f.field)]));
      expect(doc.paths[`/api/r/${def.name}`].post.requestBody).toBeTruthy();
      expect(doc.paths[`/api/r/${def.name}/{id}`].put.requestBody).toBeTruthy();
    }
    expect(doc.paths['/api/r/warehouses']).toBeTruthy();
    expect(doc.paths['/api/r/purchaseOffers/{id}/actions/withdraw'].post.requestBody).toBeTruthy();
  });

  it('documents hand-written bodies and queries from their route schemas', () => {
    expect(doc.paths['/api/register'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/system/notice/{id}'].put.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
    expect(doc.paths['/api/ops/authentications'].get.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['pageNo', 'pageSize', 'status']));
  });

  it('names every operation with a stable, unique operationId (a rename is a diff of the list file)', async () => {
    const ids = operationsOf(doc).map(({ method, path: p, op }) => `${op.operationId} ${method.toUpperCase()} ${p}`);
    expect(ids.every((id) => !id.startsWith('undefined'))).toBe(true);
    const names = ids.map((id) => id.split(' ')[0]);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    // The built-in resources only (the warehouses example is this test's own).
    await expect(ids.filter((id) => !id.includes('/api/r/warehouses')).sort().join('\n') + '\n').toMatchFileSnapshot('./__snapshots__/openapi-operation-ids.txt');
  });

  it('tags, summarises and describes every operation, each tag defined with a description', () => {
    const defined = new Map(doc.tags.map((t) => [t.name, t.description ?? '']));
    for (const { method, path: p, op } of operationsOf(doc)) {
      const where = `${method.toUpperCase()} ${p}`;
      expect(op.tags?.length, where).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(defined.get(tag), `${where}: tag ${tag} (src/server/openapi/tags.ts)`).toBeTruthy();
      expect(op.summary, where).toBeTruthy();
      expect(op.description?.length, where).toBeGreaterThan(20);
    }
    expect(doc.info.contact?.name).toBeTruthy();
  });

  it('names the server the document was asked from', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: 'lsf.example:8443', 'x-forwarded-proto': 'https' } });
    expect(res.json<OpenApiDoc>().servers).toEqual([expect.objectContaining({ url: 'https://lsf.example:8443' })]);
  });

  it('says which operations need no token, and each answers so: public ones never 401, the rest 401 without a token', async () => {
    const wrong: string[] = [];
    for (const { method, path: p, op } of operationsOf(doc)) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const url = p.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url, ...(method === 'get' || method === 'delete' ? {} : { payload: {} }) });
      // A public route with a wrong body answers 400 first; a protected one 401 before reading it.
      if (isPublic === (res.statusCode === 401)) wrong.push(`${method.toUpperCase()} ${p}: ${res.statusCode}, declared ${isPublic ? 'public' : 'protected'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('offers the API key where a key may call (as the auth plugin decides) and the signature headers on every money step', () => {
    expect(doc.components.securitySchemes).toMatchObject({ token: { type: 'apiKey' }, apiKey: { type: 'http', scheme: 'bearer' } });
    const schemes = (op: Operation) => (op.security ?? [{ token: [] }]).flatMap((s) => Object.keys(s as object));
    const signed = (op: Operation) => (op.parameters ?? []).filter((p) => p.in === 'header' && /^X-LSF-(Timestamp|Signature)$/.test(p.name)).map((p) => p.name);
    // The resource engine, the wallet and receipts: a person or a key.
    expect(schemes(doc.paths['/api/r/bills'].get)).toEqual(['token', 'apiKey']);
    expect(schemes(doc.paths['/api/r/bills/{id}/actions/pay'].post)).toEqual(['token', 'apiKey']);
    // A person's own settings, the account's keys and webhooks: a session only.
    for (const [p, m] of [['/api/webhooks', 'get'], ['/api/api-keys', 'get'], ['/api/confirm/settings', 'get']] as const) expect(schemes(doc.paths[p][m]), p).toEqual(['token']);
    expect(schemes(doc.paths['/api/login'].post)).toEqual([]);
    // A money step (its body takes the confirmation) is signed by a key; reading and a plain action are not.
    expect(signed(doc.paths['/api/r/bills/{id}/actions/pay'].post)).toEqual(['X-LSF-Timestamp', 'X-LSF-Signature']);
    expect(signed(doc.paths['/api/r/contracts/{id}/actions/payCollateral'].post)).toEqual(['X-LSF-Timestamp', 'X-LSF-Signature']);
    expect(signed(doc.paths['/api/r/bills'].get)).toEqual([]);
    expect(signed(doc.paths['/api/r/purchaseOffers/{id}/actions/publish'].post)).toEqual([]);
    const money = operationsOf(doc).filter(({ op }) => signed(op).length === 2);
    expect(money.length).toBeGreaterThan(10);
  });

  it('declares the error answers per status, a 429 with Retry-After', () => {
    const login = doc.paths['/api/login'].post;
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '403', '413', '415', '429', '500', '503']);
    expect(login.responses['429'].headers?.['Retry-After']).toBeTruthy();
    expect(login.responses['400'].content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/FieldErrorEnvelope' });
    const sign = doc.paths['/api/r/contracts/{id}/actions/sign'].post;
    expect(Object.keys(sign.responses)).toEqual(expect.arrayContaining(['401', '403', '404', '409', '422', '503']));
  });

  it('defines every custom format with its pattern and meaning, from the formats the server validates with', () => {
    expect(Object.keys(FORMAT_DOCS).sort()).toEqual(Object.keys(CUSTOM_FORMATS).sort());
    const seen = new Set<string>();
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (typeof schema.format === 'string' && Object.hasOwn(CUSTOM_FORMATS, schema.format)) {
        seen.add(schema.format);
        expect(schema.description, schema.format).toBeTruthy();
        if (FORMAT_DOCS[schema.format].pattern) expect(schema.pattern, schema.format).toBeTruthy();
      }
      Object.values(schema).forEach(visit);
    };
    visit(doc);
    expect([...seen]).toEqual(expect.arrayContaining(['money', 'uscc', 'mobile', 'smsCode']));
    // A pattern accepts what its format accepts.
    expect(new RegExp(FORMAT_DOCS.money.pattern!).test('1234.5')).toBe(true);
    expect(new RegExp(FORMAT_DOCS.uscc.pattern!).test('91350100M000100Y43')).toBe(true);
    expect(new RegExp(FORMAT_DOCS.mobile.pattern!).test('13800000000')).toBe(true);
  });

  it('declares uploads as multipart and file content as binary of its media types', () => {
    const upload = doc.paths['/api/files'].post;
    expect(upload.requestBody?.content['multipart/form-data'].schema).toMatchObject({ required: ['file'], properties: { file: { type: 'string', format: 'binary' } } });
    const content = doc.paths['/api/files/{id}/content'].get;
    expect(Object.keys(content.responses['200'].content ?? {}).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);
    expect(content.security).toEqual([]);
  });

  it('types the records of the resource engine: system fields, parties, history, totals and signatures required', () => {
    const contract = doc.components.schemas.Contracts;
    expect(contract.required).toEqual(expect.arrayContaining(['id', 'accountId', 'state', 'version', 'createdAt']));
    expect(Object.keys(contract.properties ?? {})).toEqual(expect.arrayContaining(['parties', 'signatures']));
    expect(doc.components.schemas.ContractsWithHistory.required).toContain('events');
    const bills = doc.paths['/api/r/bills'].get.responses['200'].content?.['application/json'].schema as { properties: { data: { properties: Record<string, unknown> } } };
    expect(Object.keys(bills.properties.data.properties)).toEqual(expect.arrayContaining(['records', 'total', 'totals']));
  });

  it('serves an interactive viewer at /api/docs with its own content security policy', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;| 'sha256-)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    const script = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("resolveUrl('./json')");
  });
});
