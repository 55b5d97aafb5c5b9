// What every operation of the OpenAPI document says beyond what its route declares, derived here
// in one place for the hand-written routes and the resource engine's paths alike: its
// operationId, the error answers its kind of route can give (with their envelope and headers),
// and the meaning of each custom `format` (shared/formats.ts FORMAT_DOCS).
import { CONFIRM_METHOD_INPUT } from '../../shared/confirm';
import { CUSTOM_FORMATS, FORMAT_DOCS } from '../../shared/formats';
import { keyMayCallRoute } from '../sessions/keyRoutes';
import { envelopeOf, type JsonSchema } from './kit';
import { REST_ERROR_SCHEMA } from './rest';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  responses?: Record<string, Record<string, unknown>>;
  'x-rate-limit'?: string;
};
export type DocumentToComplete = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The operationId of a route that names none: its method and path in camel case, a path
 * parameter as `By<Name>` (GET /api/files/{id}/content -> getFilesByIdContent). It changes only
 * when the route's method or path does; the resource engine's operations name themselves
 * (openapi/resources.ts: `<resource>.<operation>`).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** Component schemas of the error answers. */
export const ERROR_SCHEMAS: Record<string, JsonSchema> = {
  ErrorEnvelope: envelopeOf({ type: 'null' }),
  FieldErrorEnvelope: envelopeOf({
    type: ['object', 'null'],
    description: 'Field name -> what is wrong with it, in the caller\'s language; null when the request as a whole is refused (a wrong password, a malformed body)',
    additionalProperties: { type: 'string' },
  }),
  // The simple-rest convention's error answer (/api/rest, resources/rest.ts).
  RestError: REST_ERROR_SCHEMA,
  RefusalEnvelope: envelopeOf({
    type: ['object', 'null'],
    description: 'null for a session; for a refused API key or request signature, why',
    required: ['reason'],
    properties: { reason: { type: 'string', description: 'apiKeyUnknown, apiKeyRevoked, apiKeyExpired, apiKeyRoute, apiKeyMoneyScope, apiKeySignature... (docs/machines.md)' } },
  }),
};

const retryAfter = (why: string) => ({ 'Retry-After': { description: why, schema: { type: 'integer', minimum: 1 } } });
const ERRORS: Record<string, { description: string; schema: string; headers?: Record<string, unknown> }> = {
  401: { description: 'No valid session token or API key (or a request signature refused): sign in again', schema: 'RefusalEnvelope' },
  403: { description: "The caller's role, operator type or API key may not do this, or the record is not the caller's to act on", schema: 'RefusalEnvelope' },
  404: { description: 'No such record the caller may read (an id of another account reads as unknown)', schema: 'ErrorEnvelope' },
  409: { description: "The record's state or version no longer allows this (read it again), or a twin request with the same Idempotency-Key is still running", schema: 'ErrorEnvelope' },
  400: { description: 'The request is invalid: data names each wrong field with its message (null when the request as a whole cannot be read)', schema: 'FieldErrorEnvelope' },
  413: { description: 'The body is over the size limit', schema: 'ErrorEnvelope' },
  415: { description: 'The body is of a media type this operation does not take', schema: 'ErrorEnvelope' },
  422: { description: 'The Idempotency-Key was already used with another request', schema: 'ErrorEnvelope' },
  429: { description: "Too many tries (a public route's limit per client, an API key's own limit): wait Retry-After seconds", schema: 'ErrorEnvelope', headers: retryAfter('Seconds until a try can succeed') },
  500: { description: 'An unexpected error (logged on the server)', schema: 'ErrorEnvelope' },
  503: { description: 'The database is out of reach for a moment: send the same request again (the same Idempotency-Key for a money action)', schema: 'ErrorEnvelope', headers: retryAfter('Seconds to wait before sending again') },
};

/**
 * The two credentials: a person's session token (POST /api/login) and an enterprise's API key
 * (docs/machines.md), both in the Authorization header. An operation a key may call lists both.
 */
export const SECURITY_SCHEMES = {
  token: { type: 'apiKey', in: 'header', name: 'Authorization', description: "A person's session token, as POST /api/login answers it" },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: "An enterprise's API key (lsf_...), created by the account's owner in the console (/operator/apiKeys); also accepted as X-API-Key. It acts with its operator type's permissions; a money step needs its money scope and a signed request (docs/machines.md).",
  },
} as const;

/** The headers of a signed request (confirm/requestSignature.ts), on every operation that confirms a money step. */
const TIMESTAMP_HEADER = 'X-LSF-Timestamp';
const SIGNATURE_HEADER = 'X-LSF-Signature';
const SIGNATURE_PARAMETERS = [
  { in: 'header', name: TIMESTAMP_HEADER, required: false, description: 'With an API key, in place of the person\'s confirmation: Unix seconds, within 5 minutes of the server\'s clock', schema: { type: 'string', pattern: '^[0-9]{1,12}$' } },
  {
    in: 'header',
    name: SIGNATURE_HEADER,
    required: false,
    description: 'With an API key, in place of the person\'s confirmation: hex HMAC-SHA256 with the key\'s signing secret of METHOD \\n path?query \\n timestamp \\n hex SHA-256 of the body, accepted once (docs/machines.md)',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
];

/** The body schema of an operation, its $ref into the components followed. */
function bodySchema(doc: DocumentToComplete, op: Operation): JsonSchema | undefined {
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const ref = typeof schema?.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref) : null;
  return ref ? doc.components?.schemas?.[ref[1]] : schema;
}

/** An operation a person confirms (its body takes the confirmation's method): a key signs it instead. */
const confirmsMoney = (doc: DocumentToComplete, op: Operation) => Boolean((bodySchema(doc, op)?.properties as Record<string, unknown> | undefined)?.[CONFIRM_METHOD_INPUT]);

/** An operation that declares `security: []`: it needs no token. */
const isPublic = (op: Operation) => Array.isArray(op.security) && op.security.length === 0;

/**
 * The error statuses an operation can answer from its method and shape: any request the server
 * cannot read (400), a body over the limit or of a media type it does not parse (413, 415: any
 * method that may carry one), a session or key missing or refused (401, 403) and an API key's own
 * rate limit (429) unless public, a public route's rate limit (429), an unknown id (404), an
 * Idempotency-Key's twin or reuse (409, 422), and the database out of reach (503).
 */
function errorStatuses(method: string, op: Operation): string[] {
  const params = op.parameters ?? [];
  const idempotent = params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  return [
    '400',
    ...(isPublic(op) ? [] : ['401', '403', '429']),
    ...(params.some((p) => p.in === 'path') ? ['404'] : []),
    ...(idempotent ? ['409', '422'] : []),
    ...(method !== 'get' ? ['413', '415'] : []),
    ...(op['x-rate-limit'] ? ['429'] : []),
    '500',
    '503',
  ];
}

/** Every object of a schema tree, visited once (the schema itself included). */
function visitSchemas(node: unknown, visit: (schema: JsonSchema) => void, seen = new Set<unknown>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (!Array.isArray(node)) visit(node as JsonSchema);
  for (const value of Object.values(node)) visitSchemas(value, visit, seen);
}

/** A custom format's pattern and meaning beside it, where the schema does not say its own. */
function describeFormat(schema: JsonSchema): void {
  const format = schema.format;
  if (typeof format !== 'string' || !Object.hasOwn(CUSTOM_FORMATS, format)) return;
  const docs = FORMAT_DOCS[format];
  if (docs.pattern && schema.pattern === undefined) schema.pattern = docs.pattern;
  schema.description ??= docs.description;
}

/**
 * Completes the document in place: operationIds, the error answers of each operation (a route's
 * own description of one kept), the error envelopes as components and every custom format defined.
 */
export function completeDocument(doc: DocumentToComplete): DocumentToComplete {
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...ERROR_SCHEMAS } };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      // Who may call it: a key where the auth plugin lets one in (sessions/keyRoutes.ts); a key's money step signed.
      if (!isPublic(op) && keyMayCallRoute(path)) op.security = [{ token: [] }, { apiKey: [] }];
      if (confirmsMoney(doc, op)) op.parameters = [...(op.parameters ?? []).filter((p) => !/^x-lsf-(timestamp|signature)$/i.test(p.name)), ...SIGNATURE_PARAMETERS];
      // A route that says no more than its summary: the summary and who may call it, both true.
      if (!op.description && op.summary) op.description = `${op.summary.replace(/\.?$/, '.')} ${isPublic(op) ? 'Public: no token needed.' : `Needs a session token (Authorization header)${keyMayCallRoute(path) ? ' or an API key' : ''}.`}`;
      const responses = (op.responses ??= {});
      delete responses.default;
      const statuses = new Set([...errorStatuses(method, op), ...Object.keys(responses).filter((s) => Number(s) >= 400)]);
      for (const status of [...statuses].sort()) {
        const error = ERRORS[status] ?? ERRORS[500];
        const declared = responses[status]?.description;
        responses[status] = {
          description: typeof declared === 'string' && declared !== 'Default Response' ? declared : error.description,
          ...(error.headers ? { headers: error.headers } : {}),
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${path.startsWith('/api/rest/') ? 'RestError' : error.schema}` } } },
        };
      }
      delete op['x-rate-limit'];
    }
  }
  visitSchemas(doc.paths, describeFormat);
  visitSchemas(doc.components?.schemas, describeFormat);
  return doc;
}
