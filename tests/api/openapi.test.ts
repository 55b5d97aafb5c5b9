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
import { copySchemaRoot, WAREHOUSES } from '../support/schema-root';
import { dbAvailable, openTestDatabase, runnerEnv } from '../support/server';

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; parameters?: Array<{ name: string; in: string }> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

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
        // Only a resource with a document serves one (others answer 404).
        else if (!concrete.endsWith('/document') || def.document) expected.push(`${method} ${concrete}`);
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
