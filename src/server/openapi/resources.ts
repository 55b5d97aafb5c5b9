// The generic resource API in the contract: the route schemas of /api/r/:resource/... (shape of
// params and query, checked by Fastify before the handler) and, for the OpenAPI document, one
// concrete set of paths per loaded resource with its record schema. Both come from the registry
// loaded at start, so a resource added under schemas/resources appears without code.
import { actionInputSchema } from '../../shared/resources/actionInput';
import { listScopes } from '../../shared/resources/recordAbility';
import type { ResourceDefinition } from '../../shared/resources/types';
import { idempotencyKeySchema } from '../idempotency';
import { MAX_PAGE_SIZE } from '../pagination';
import type { ResourceRegistry } from '../resources/registry';
import { obj, pageProps, str, uuid, type JsonSchema } from './kit';

const tags = ['resources'];
const resource = str(64, { description: 'Resource name (schemas/resources/<name>.json)' });
const sort = str(200, { description: 'field or -field, comma separated' });

/** Route schemas of the generic resource routes (the handler validates the record itself). */
export const resourceRouteSchemas = {
  meta: { tags, summary: 'Resource definitions the caller may use' },
  // A list query (page, sort, the resource's own filters) is checked as a whole by
  // parseListQuery, which names every bad parameter at once; the document lists them per resource.
  list: { tags, summary: 'List records', params: obj({ resource }, ['resource']) },
  export: { tags, summary: 'Export the filtered list', params: obj({ resource }, ['resource']) },
  get: { tags, summary: 'One record with its history', params: obj({ resource, id: uuid }, ['resource', 'id']) },
  document: { tags, summary: "A record's document with its SHA-256", params: obj({ resource, id: uuid }, ['resource', 'id']) },
  create: { tags, summary: 'Create a record', params: obj({ resource }, ['resource']), body: { type: 'object' } },
  update: { tags, summary: 'Update a record', params: obj({ resource, id: uuid }, ['resource', 'id']), body: { type: 'object' } },
  remove: { tags, summary: 'Delete a record', params: obj({ resource, id: uuid }, ['resource', 'id']) },
  action: {
    tags,
    summary: 'Run a state transition',
    params: obj({ resource, id: uuid, action: str(64) }, ['resource', 'id', 'action']),
    body: { type: 'object' },
  },
};

/** Create and actions honour Idempotency-Key (src/server/idempotency.ts); a money action (`money` in its resource file) requires it. */
const idempotencyKey = (required: boolean) => {
  const { description, ...schema } = idempotencyKeySchema(required);
  return { name: 'Idempotency-Key', in: 'header', required, description, schema };
};

/** Generic route URLs the document replaces with one concrete set of paths per resource. */
export const isGenericResourceUrl = (url: string) => url.startsWith('/api/r/:resource');

type Operation = Record<string, unknown>;
type PathItem = Record<string, Operation>;

export const envelopeOf = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const answer = (data: JsonSchema, description = 'Success') => ({
  200: { description, content: json(envelopeOf(data)) },
  default: { description: 'Error envelope: code equals the HTTP status; a 400 carries field messages in data', content: json(ref('ErrorEnvelope')) },
});
const pathParam = (name: string, schema: JsonSchema) => ({ name, in: 'path', required: true, schema });
const queryParam = (name: string, schema: JsonSchema, description?: string) => ({ name, in: 'query', required: false, schema, ...(description ? { description } : {}) });

const SYSTEM_PROPERTIES: Record<string, JsonSchema> = {
  id: { type: 'string', format: 'uuid' },
  state: { type: ['string', 'null'] },
  version: { type: 'integer', minimum: 0 },
  createdAt: { type: 'string', format: 'date-time' },
  createdBy: { type: 'string' },
  updatedAt: { type: 'string', format: 'date-time' },
  updatedBy: { type: 'string' },
};

const FILTER_HELP: Record<string, string> = {
  text: 'Contains this text (at most 100 characters)',
  enum: 'One value or several, comma separated',
  dateRange: 'from,to as YYYY-MM-DD (either end may be empty)',
  amountRange: 'from,to in yuan (either end may be empty)',
};

const schemaName = (def: ResourceDefinition) => `${def.name.charAt(0).toUpperCase()}${def.name.slice(1)}`;

/** Component schemas and paths of every loaded resource, for the OpenAPI document. */
export function resourceDocument(registry: ResourceRegistry): { schemas: Record<string, JsonSchema>; paths: Record<string, PathItem> } {
  const schemas: Record<string, JsonSchema> = {
    ErrorEnvelope: envelopeOf({ description: 'null, or for a 400 an object of field name -> message' }),
  };
  const paths: Record<string, PathItem> = {};
  for (const { def } of registry.values()) {
    const name = schemaName(def);
    // Fields the server sets are readOnly in the contract: accepted in a body, and ignored.
    const serverSet = Object.keys(def.record.properties).filter((f) => def.record.properties[f].readOnly);
    const input = { ...def.record, required: (def.record.required ?? []).filter((f) => !serverSet.includes(f)), additionalProperties: false } as JsonSchema;
    schemas[`${name}Input`] = input;
    schemas[`${name}Update`] = {
      ...input,
      properties: { ...def.record.properties, version: { type: 'integer', minimum: 0, maximum: 2 ** 31 - 1, description: 'The version read' } },
      required: [...((input.required as string[] | undefined) ?? []), 'version'],
    };
    schemas[name] = { type: 'object', properties: { ...def.record.properties, ...SYSTEM_PROPERTIES } };
    const base = `/api/r/${def.name}`;
    const t = [def.name];
    const id = pathParam('id', { type: 'string', format: 'uuid' });
    const filters = [
      ...def.list.filters.map((f) => queryParam(f.field, str(200), FILTER_HELP[f.kind])),
      queryParam('has', str(200), 'Only records where these record fields are set, comma-separated (e.g. objectedAt)'),
    ];
    // Whose records (src/server/resources/scope.ts): what the list route accepts for this resource.
    const scope = queryParam(
      'scope',
      { type: 'string', enum: listScopes(def), default: 'mine' },
      "Whose records: mine (the caller's account), market (open offers of others), ops (every record, platform operations), or a party role (the records where the caller is that party)",
    );
    const page = [
      queryParam('pageNo', pageProps.pageNo),
      queryParam('pageSize', { ...pageProps.pageSize, maximum: MAX_PAGE_SIZE }),
      queryParam('sort', sort, `Sortable: ${[...new Set([...def.list.sortable, def.list.defaultSort.replace(/^-/, '')])].join(', ')}; default ${def.list.defaultSort}`),
    ];
    paths[base] = {
      get: {
        tags: t,
        summary: `List ${def.name}`,
        parameters: [...page, scope, ...filters],
        responses: answer({
          type: 'object',
          properties: {
            records: { type: 'array', items: ref(name) },
            total: { type: 'integer', description: 'Exact up to 1,000 matches; past that a lower bound (totalExact false)' },
            totalExact: { type: 'boolean', description: 'false when total is a lower bound; absent when exact' },
          },
        }),
      },
      post: { tags: t, summary: `Create a ${def.name} record`, parameters: [idempotencyKey(false)], requestBody: { required: true, content: json(ref(`${name}Input`)) }, responses: answer(ref(name)) },
    };
    paths[`${base}/export`] = {
      get: {
        tags: t,
        summary: `Export the filtered ${def.name} list`,
        parameters: [queryParam('format', { type: 'string', enum: ['csv', 'xlsx'] }, 'Default xlsx'), page[2], scope, ...filters],
        responses: {
          200: {
            description: 'The file',
            content: { 'text/csv': { schema: { type: 'string' } }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } },
          },
          default: answer({}).default,
        },
      },
    };
    paths[`${base}/{id}`] = {
      get: { tags: t, summary: `One ${def.name} record with its history`, parameters: [id], responses: answer(ref(name)) },
      put: {
        tags: t,
        summary: `Update a ${def.name} record (send the version read)`,
        parameters: [id],
        requestBody: { required: true, content: json(ref(`${name}Update`)) },
        responses: answer(ref(name)),
      },
      delete: { tags: t, summary: `Delete a ${def.name} record`, parameters: [id], responses: answer({ type: 'null' }) },
    };
    if (def.document) {
      paths[`${base}/{id}/document`] = {
        get: {
          tags: t,
          summary: `The ${def.name} document as the parties sign it, with its SHA-256 and the signatures`,
          parameters: [id],
          responses: answer({
            type: 'object',
            properties: {
              title: { type: 'string' },
              text: { type: 'string' },
              sha256: { type: 'string', description: 'SHA-256 of text as rendered now' },
              signedSha256: { type: ['string', 'null'], description: 'SHA-256 fixed by the first signature' },
              signatures: { type: 'array', items: { type: 'object' } },
            },
          }),
        },
      };
    }
    for (const action of def.actions ?? []) {
      paths[`${base}/{id}/actions/${action.name}`] = {
        post: {
          tags: t,
          summary: `${action.name}: ${action.from.join(' | ')} -> ${action.to}`,
          parameters: [id, idempotencyKey(!!action.money)],
          ...(actionInputSchema(action) ? { requestBody: { required: true, content: json(actionInputSchema(action) as unknown as JsonSchema) } } : {}),
          responses: answer(ref(name)),
        },
      };
    }
  }
  return { schemas, paths };
}
