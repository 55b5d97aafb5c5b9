// GET /api/docs: the OpenAPI 3.1 document of this server and an interactive viewer
// (@fastify/swagger-ui). Hand-written routes are documented from their route schemas as
// @fastify/swagger collects them; the generic /api/r/:resource routes are replaced by concrete
// paths per loaded resource (resources.ts). Register before any route.
// Both plugins (with yaml, json-schema-resolver and @fastify/static) cost ~0.1 s of CPU at every
// start, for pages few requests ask for (docs/decisions.md "Memory and start"): this plugin only
// records the routes as they are registered, and the first request under /api/docs builds a
// separate Fastify app with the two plugins and the same routes (schemas and config, handlers
// that are never called), which then answers every /api/docs request through inject.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySchema, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeySchema } from '../idempotency';
import type { ResourceRegistry } from '../resources/registry';
import { SECURITY_SCHEMES, completeDocument, type DocumentToComplete } from './contract';
import { envelopeOf } from './kit';
import { isGenericResourceUrl, resourceDocument } from './resources';
import { documentTags } from './tags';

export const DOCS_PREFIX = '/api/docs';
/** Where the document itself is served as JSON (the viewer's ./json, and its alias). */
const DOCUMENT_URLS = [`${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/openapi.json`];

/** The answer of a route that does not declare one yet: the envelope, data not described. */
const UNDECLARED_RESPONSES = { 200: { description: 'Success: the envelope with code 200', ...envelopeOf({}) } };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this server (method and URL), as the onRoute hook saw it. */
    routeCatalog: Array<{ method: string; url: string; hidden: boolean }>;
    /** The OpenAPI document as GET /api/docs/json serves it, without its `servers` (built on first use). */
    openapiDocument: () => Promise<Record<string, unknown>>;
  }
}

/** A route limited per client (config.rateLimit.rule, plugins/rateLimit.ts) says so. */
function withRateLimit(schema: FastifySchema, rule: string | undefined): FastifySchema {
  if (!rule) return schema;
  const per = rule === 'sms' ? 'per phone and client address (RATE_LIMIT_SMS), and per client address over every phone (RATE_LIMIT_SMS_ADDRESS)' : `per client address (RATE_LIMIT_${rule.toUpperCase()})`;
  const note = `Limited ${per}: past the limit the answer is 429 with Retry-After (seconds); X-RateLimit-Limit, -Remaining and -Reset on every answer.`;
  const described = (schema as { description?: string }).description;
  // x-rate-limit: the rule, for openapi/contract.ts to declare the 429.
  return { ...schema, description: described ? `${described}\n\n${note}` : note, 'x-rate-limit': rule } as FastifySchema;
}

/** The Idempotency-Key header parameter of a route that declares it, required as declared. */
function withIdempotencyKey(schema: FastifySchema, declared: 'required' | 'optional' | undefined): FastifySchema {
  if (!declared) return schema;
  const required = declared === 'required';
  return { ...schema, headers: { type: 'object', properties: { 'Idempotency-Key': idempotencyKeySchema(required) }, ...(required ? { required: ['Idempotency-Key'] } : {}) } };
}

/** The options of @fastify/swagger: the document's head, and how each route and the whole are transformed. */
function swaggerOptions(registry: ResourceRegistry): FastifyDynamicSwaggerOptions {
  const resources = resourceDocument(registry);
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LSF settlement console API',
        version: '1',
        description:
          'Every answer is an envelope {code, msg, data} with code equal to the HTTP status; msg is in the language of Accept-Language (zh-CN default). ' +
          'Send the token of POST /api/login as the Authorization header. ' +
          'A 503 with Retry-After means the database was out of reach (a restart, a lost connection): send the same request again, with the same Idempotency-Key for a money action.',
        // Who answers for this API: the platform's operations team (a deployment's own address is not configured).
        contact: { name: 'LSF platform operations' },
      },
      tags: documentTags(registry),
      components: {
        securitySchemes: SECURITY_SCHEMES,
      },
      security: [{ token: [] }],
    },
    // The generic resource routes become concrete per-resource paths below.
    // Hand-written routes answer the envelope; the document says so where a route does not.
    // A route's config.idempotencyKey (what the server enforces) documents the header.
    // A route whose handler checks its body itself (multipart parts, a form file) shows it as `bodyInDocument`.
    // A route may have no schema at all (a test's own route).
    transform: ({ schema = {}, url, route }) => ({
      schema: isGenericResourceUrl(url)
        ? { ...schema, hide: true }
        : {
            ...withRateLimit(withIdempotencyKey(schema, route.config?.idempotencyKey), route.config?.rateLimit ? route.config.rateLimit.rule : undefined),
            ...((schema as { bodyInDocument?: unknown }).bodyInDocument ? { body: (schema as { bodyInDocument?: unknown }).bodyInDocument } : {}),
            response: schema.response ?? UNDECLARED_RESPONSES,
          },
      url,
    }),
    transformObject: (doc) => {
      const openapi = 'openapiObject' in doc ? doc.openapiObject : {};
      const whole = {
        ...openapi,
        components: { ...openapi.components, schemas: { ...openapi.components?.schemas, ...resources.schemas } },
        paths: { ...openapi.paths, ...resources.paths },
      };
      // A copy: completing it must never touch the schemas the routes and the registry hold.
      return completeDocument(structuredClone(whole) as DocumentToComplete) as typeof openapi;
    },
  };
}

/** The options of @fastify/swagger-ui on the docs app. */
function viewerOptions(): FastifySwaggerUiOptions {
  return {
    routePrefix: DOCS_PREFIX,
    // The viewer's own CSP (its scripts from 'self' plus the hashes of its inline bits), with
    // inline styles allowed: Swagger UI's React sets style attributes, and while a style hash
    // is listed 'unsafe-inline' is ignored, so the hashes go. No https upgrade on plain-HTTP hosts.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .split(';')
        .map((d) => d.trim())
        .filter((d) => d && d !== 'upgrade-insecure-requests')
        .map((d) => (d.startsWith('style-src') ? "style-src 'self' 'unsafe-inline'" : d.startsWith('img-src') ? "img-src 'self' data:" : d))
        .join('; '),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  };
}

/**
 * The app that serves /api/docs: @fastify/swagger and @fastify/swagger-ui, and the server's
 * routes as they were registered (HEAD and hidden routes left out, as the document leaves them
 * out), validated by nothing: only the document reads them, and a request one of them matches
 * (the console's `/*`) is a 404 here.
 */
async function buildDocsApp(routes: readonly RouteOptions[], resources: ResourceRegistry): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  const docs = Fastify();
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, swaggerOptions(resources));
  await docs.register(swaggerUi, viewerOptions());
  for (const route of routes) {
    if (route.method === 'HEAD' || route.schema?.hide) continue;
    docs.route({ method: route.method, url: route.url, schema: route.schema, config: route.config, exposeHeadRoute: false, handler: (_req, reply) => reply.callNotFound() });
  }
  await docs.ready();
  return docs;
}

/** Headers of the docs app's answer that belong to that connection, not to the answer. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

async function openapiPlugin(app: FastifyInstance, opts: { resources: ResourceRegistry }) {
  const catalog: FastifyInstance['routeCatalog'] = [];
  app.decorate('routeCatalog', catalog);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) catalog.push({ method, url: route.url, hidden: !!route.schema?.hide });
    // The /api/docs routes below are hidden from the document, as the viewer's own were.
    if (!route.url.startsWith(DOCS_PREFIX)) routes.push(route);
  });

  let docs: Promise<FastifyInstance> | undefined;
  const docsApp = () =>
    (docs ??= buildDocsApp(routes, opts.resources).catch((err: unknown) => {
      docs = undefined;
      throw err;
    }));
  // The document as served: with this server's origin, as the client reached it, in `servers`.
  const documentFor = async (req: FastifyRequest) => {
    const { openapi, info, ...rest } = (await docsApp()).swagger() as Record<string, unknown>;
    return { openapi, info, servers: [{ url: `${req.protocol}://${req.host}`, description: 'This server, as the document was asked from it' }], ...rest };
  };
  // Every GET (and HEAD) under /api/docs, answered by the docs app; what it does not have (a 404)
  // is this server's 404, with the viewer's CSP where the viewer set one (a missing static file).
  // GET /api/docs asked for JSON (Accept: application/json, not HTML) is the document itself.
  const viaDocs = async (req: FastifyRequest, reply: FastifyReply) => {
    const accept = String(req.headers.accept ?? '');
    if (req.url.split('?')[0].replace(/\/$/, '') === DOCS_PREFIX && accept.includes('application/json') && !accept.includes('text/html')) return documentFor(req);
    const res = await (await docsApp()).inject({ method: 'GET', url: req.url, headers: req.headers });
    if (res.statusCode === 404) {
      const csp = res.headers['content-security-policy'];
      if (csp) reply.header('content-security-policy', csp);
      return reply.callNotFound();
    }
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    // No body (a redirect, a 304) stays without one, and without a content type.
    return reply.code(res.statusCode).send(res.rawPayload.length ? res.rawPayload : undefined);
  };
  app.decorate('openapiDocument', async () => (await docsApp()).swagger() as Record<string, unknown>);
  app.addHook('onClose', async () => {
    await docs?.then((d) => d.close()).catch(() => {});
  });
  app.get(DOCS_PREFIX, { schema: { hide: true } }, viaDocs);
  app.get(`${DOCS_PREFIX}/*`, { schema: { hide: true } }, viaDocs);
  for (const url of DOCUMENT_URLS) app.get(url, { schema: { hide: true } }, documentFor);
}

export default fp(openapiPlugin, { name: 'openapi' });
