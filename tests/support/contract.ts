// The contract test of the API suites (issue 30): every JSON answer a test server sends is
// checked against what the served OpenAPI document declares for its operation and status, with
// every object schema that lists its properties closed (additionalProperties: false added here,
// never in the document), so a field the document does not name fails, as does an answer of a
// status the operation does not declare. startTestServer records the answers and checks them
// when the server closes: a file whose answers break the contract fails in its afterAll.
// An operation whose data is still an untyped object accepts any data (its envelope is checked).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { CUSTOM_FORMATS } from '../../src/shared/formats';

interface Answer {
  method: string;
  /** The document's path of the operation (/api/r/bills/{id}). */
  path: string;
  status: number;
  body: unknown;
}

type Schema = Record<string, unknown>;
type OpenApi = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>> };

/** Keywords whose value is a schema, or a list or map of schemas (what closing walks). */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'propertyNames', 'unevaluatedProperties'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs'];

/** Closes every object schema of the tree that lists properties and says nothing of others. */
function close(schema: unknown): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const s = schema as Schema;
  if (s.properties && s.additionalProperties === undefined && s.patternProperties === undefined) s.additionalProperties = false;
  for (const k of SCHEMA_KEYWORDS) close(s[k]);
  for (const k of SCHEMA_LISTS) if (Array.isArray(s[k])) (s[k] as unknown[]).forEach(close);
  for (const k of SCHEMA_MAPS) if (s[k] && typeof s[k] === 'object') Object.values(s[k] as Schema).forEach(close);
}

/** A JSON pointer into the document as a $ref (segments escaped, then URI-encoded). */
const pointer = (...segments: string[]) => `doc#/${segments.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

/** The validators of one document (by its text's hash), built once per worker. */
const compiled = new Map<string, { doc: OpenApi; validator: (method: string, path: string, status: number) => ValidateFunction | string }>();

function compile(text: string) {
  const hash = createHash('sha256').update(text).digest('hex');
  const known = compiled.get(hash);
  if (known) return known;
  const doc = JSON.parse(text) as OpenApi & { components?: { schemas?: Record<string, Schema> } };
  for (const schema of Object.values(doc.components?.schemas ?? {})) close(schema);
  for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) for (const r of Object.values(op.responses ?? {})) close(r.content?.['application/json']?.schema);
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true });
  addFormats(ajv);
  for (const [name, validate] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, { type: 'string', validate });
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as object, 'doc');
  const cache = new Map<string, ValidateFunction | string>();
  const validator = (method: string, path: string, status: number) => {
    const key = `${method} ${path} ${status}`;
    let v = cache.get(key);
    if (v) return v;
    const op = doc.paths[path]?.[method.toLowerCase()];
    const response = op?.responses?.[String(status)];
    // A path no operation has (an unknown or empty resource or action) is refused before any
    // operation runs; the envelope tests check those answers.
    if (!op) v = status >= 400 ? 'skip' : 'no such operation in the document';
    else if (!response) v = `status ${status} is not declared (declared: ${Object.keys(op.responses ?? {}).join(', ')})`;
    else if (!response.content?.['application/json']?.schema) v = `status ${status} declares no JSON body`;
    else v = ajv.compile({ $ref: pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema') });
    cache.set(key, v);
    return v;
  };
  const entry = { doc, validator };
  compiled.set(hash, entry);
  return entry;
}

/**
 * The document's path of a route as it was called: /api/r's engine routes name their resource and
 * action (the document has their paths per resource), other parameters stay templated (/api/rest
 * is one set of paths for every resource).
 */
function documentPath(url: string, params: Record<string, string>): string {
  const concrete = url.startsWith('/api/r/');
  return url.replace(/:(\w+)/g, (_, name: string) => (concrete && (name === 'resource' || name === 'action') ? params[name] : `{${name}}`));
}

/** Records every JSON answer `app` sends on an /api route of the document; `check` then compares them with the document. */
export function recordAnswers(app: FastifyInstance): { check: () => Promise<string[]> } {
  const answers: Answer[] = [];
  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs') || req.routeOptions.schema?.hide) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json') || typeof payload !== 'string') return payload;
    try {
      answers.push({ method: req.method, path: documentPath(url, req.params as Record<string, string>), status: reply.statusCode, body: JSON.parse(payload) });
    } catch {
      answers.push({ method: req.method, path: documentPath(url, req.params as Record<string, string>), status: reply.statusCode, body: Symbol('not JSON') });
    }
    return payload;
  });
  return {
    async check() {
      if (!answers.length) return [];
      // From the server itself, not over HTTP: a test may have cut the database a request needs.
      const { validator } = compile(JSON.stringify(await app.openapiDocument()));
      const failures = new Map<string, string>();
      for (const a of answers) {
        const v = validator(a.method, a.path, a.status);
        const key = `${a.method} ${a.path} ${a.status}`;
        if (failures.has(key)) continue;
        if (v === 'skip') continue;
        if (typeof v === 'string') failures.set(key, `${key}: ${v}`);
        else if (!v(a.body)) {
          const errors = (v.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? ` '${String((e.params as { additionalProperty?: string }).additionalProperty)}'` : ''}`);
          failures.set(key, `${key}: ${errors.join('; ')}`);
        }
      }
      answers.length = 0;
      return [...failures.values()];
    },
  };
}
