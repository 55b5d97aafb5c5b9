// The generic resource API in the contract: the route schemas of /api/r/:resource/... (shape of
// params and query, checked by Fastify before the handler) and, for the OpenAPI document, one
// concrete set of paths per loaded resource with its record schema. Both come from the registry
// loaded at start, so a resource added under schemas/resources appears without code.
import { actionInputSchema } from '../../shared/resources/actionInput';
import { listScopes } from '../../shared/resources/recordAbility';
import { MIN_ID_PREFIX, SEARCH_MAX_LENGTH, searchFieldsOf } from '../../shared/resources/search';
import type { ResourceDefinition } from '../../shared/resources/types';
import { idempotencyKeySchema } from '../idempotency';
import { bulkSchemas, MAX_BULK } from '../resources/bulk';
import { IMPORT_BATCH, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../shared/resources/import';
import { MAX_PAGE_SIZE } from '../pagination';
import type { ResourceRegistry } from '../resources/registry';
import { envelopeOf, obj, pageProps, str, uuid, type JsonSchema } from './kit';

const tags = ['resources'];
const resource = str(64, { description: 'Resource name (schemas/resources/<name>.json)' });
const sort = str(200, { description: 'field or -field, comma separated' });

/** Route schemas of the generic resource routes (the handler validates the record itself). */
export const resourceRouteSchemas = {
  meta: {
    tags,
    summary: 'Resource definitions the caller may use',
    description:
      'Answers the resource files (schemas/resources, docs/add-a-resource.md) whose list the caller may read, as the console renders them: record schema, list, form, states, actions (each with the input it takes) and labels in both languages.',
    response: {
      200: {
        description: 'The definitions',
        ...envelopeOf({
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'permissionId', 'record', 'list', 'labels'],
            properties: { name: { type: 'string' }, permissionId: { type: 'string' }, record: { type: 'object', description: 'The JSON Schema of a record' }, list: { type: 'object' }, labels: { type: 'object' } },
            // The whole file: its other keys are those of schemas/meta/resource.schema.json.
            additionalProperties: true,
          },
        }),
      },
    },
  },
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

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
/** A 200 with the envelope around `data`; openapi/contract.ts adds the error answers of each operation. */
const answer = (data: JsonSchema, description = 'Success') => ({ 200: { description, content: json(envelopeOf(data)) } });
const pathParam = (name: string, schema: JsonSchema) => ({ name, in: 'path', required: true, schema });
const queryParam = (name: string, schema: JsonSchema, description?: string) => ({ name, in: 'query', required: false, schema, ...(description ? { description } : {}) });

/** What every record carries besides its resource's fields (records.ts toView), all present. */
const SYSTEM_PROPERTIES: Record<string, JsonSchema> = {
  id: { type: 'string', format: 'uuid' },
  accountId: { type: 'string', format: 'uuid', description: 'The account that owns the record' },
  state: { type: ['string', 'null'], description: 'The state of its state machine; null for a resource without one' },
  version: { type: 'integer', minimum: 0, description: 'Send it back with an update: a stale version is a 409' },
  createdAt: { type: 'string', format: 'date-time' },
  createdBy: { type: ['string', 'null'], description: 'The user (or the system) that created it; null for a record a list source derives (a ledger line)' },
  updatedAt: { type: 'string', format: 'date-time' },
  updatedBy: { type: ['string', 'null'], description: 'The user (or the system) that changed it last; null for a record a list source derives' },
};
/** A record with parties (a contract's buyer and seller): role -> account id; absent when it has none. */
const PARTIES: JsonSchema = { type: 'object', description: 'Party role -> the account id in that role', additionalProperties: { type: 'string', format: 'uuid' } };
/** One entry of a record's history (records.ts historyView), oldest first. */
const EVENT: JsonSchema = {
  type: 'object',
  required: ['action', 'from', 'to', 'input', 'by', 'actor', 'at'],
  properties: {
    action: { type: 'string', description: 'The action or system move; create for the first' },
    from: { type: ['string', 'null'], description: 'State before; null at creation' },
    to: { type: ['string', 'null'], description: 'State after' },
    input: { description: 'What the action was given (its input fields), null when none' },
    by: { type: ['string', 'null'], description: 'The user who moved it; null for a move of the system (a timer, a clearing run)' },
    actor: {
      description: 'Who moved it: a person with its account (and the API key it acted through), or the job of the system',
      anyOf: [
        {
          type: 'object',
          required: ['kind', 'name', 'accountName'],
          properties: { kind: { type: 'string', const: 'person' }, name: { type: 'string' }, accountName: { type: ['string', 'null'] }, apiKey: { type: 'string', description: "The API key's name" } },
          additionalProperties: false,
        },
        { type: 'object', required: ['kind', 'job'], properties: { kind: { type: 'string', const: 'system' }, job: { type: 'string', description: 'The job: resources.expiry, funds.autoRelease, settlement.dailyClearing, ...' } }, additionalProperties: false },
      ],
    },
    at: { type: 'string', format: 'date-time' },
  },
};
/** A signature of a record's document (shared/resources/types.ts SignatureRecord). */
const SIGNATURE: JsonSchema = {
  type: 'object',
  required: ['role', 'accountId', 'accountName', 'userId', 'userName', 'phone', 'at', 'ip', 'sha256'],
  properties: {
    role: { type: 'string', description: 'The party role signing' },
    accountId: { type: 'string', format: 'uuid' },
    accountName: { type: 'string' },
    userId: { type: 'string', format: 'uuid' },
    userName: { type: 'string' },
    phone: { type: 'string', description: "The signing user's phone, masked (138****0000)" },
    at: { type: 'string', format: 'date-time' },
    ip: { type: 'string', description: 'The client address that signed' },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the document signed' },
  },
};
/** A record schema's properties with `signatures` items typed (the engine fills them: x-kind signatures). */
const withTypedSignatures = (properties: Record<string, JsonSchema>): Record<string, JsonSchema> =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, v['x-kind'] === 'signatures' ? { ...v, items: SIGNATURE } : v]));

const FILTER_HELP: Record<string, string> = {
  text: 'Contains this text (at most 100 characters)',
  enum: 'One value or several, comma separated',
  dateRange: 'from,to as YYYY-MM-DD (either end may be empty)',
  amountRange: 'from,to in yuan (either end may be empty)',
};

const schemaName = (def: ResourceDefinition) => `${def.name.charAt(0).toUpperCase()}${def.name.slice(1)}`;

/** Component schemas and paths of every loaded resource, for the OpenAPI document. */
export function resourceDocument(registry: ResourceRegistry): { schemas: Record<string, JsonSchema>; paths: Record<string, PathItem> } {
  const schemas: Record<string, JsonSchema> = { RecordEvent: EVENT, Signature: SIGNATURE };
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
    // The record as answered: its fields (those the resource requires of every record always
    // there), the system's, its parties when it has any; with its history for one record.
    schemas[name] = {
      type: 'object',
      description: `A ${def.labels['en-US'].title} record`,
      properties: { ...withTypedSignatures(def.record.properties as unknown as Record<string, JsonSchema>), ...SYSTEM_PROPERTIES, parties: PARTIES },
      required: [...new Set([...(def.record.required ?? []).filter((f) => !serverSet.includes(f)), ...Object.keys(SYSTEM_PROPERTIES)])],
    };
    schemas[`${name}WithHistory`] = {
      type: 'object',
      description: `A ${def.labels['en-US'].title} record with its history`,
      properties: { ...(schemas[name].properties as Record<string, JsonSchema>), events: { type: 'array', items: ref('RecordEvent') } },
      required: [...(schemas[name].required as string[]), 'events'],
    };
    const base = `/api/r/${def.name}`;
    const t = [def.name];
    const id = pathParam('id', { type: 'string', format: 'uuid' });
    const filters = [
      ...def.list.filters.map((f) => queryParam(f.field, str(200), FILTER_HELP[f.kind])),
      queryParam('has', str(200), 'Only records where these record fields are set, comma-separated (e.g. objectedAt)'),
      queryParam(
        'q',
        str(SEARCH_MAX_LENGTH),
        `Search: a record by its number (its id, whole or its first ${MIN_ID_PREFIX} or more hex digits)${searchFieldsOf(def).length ? ` or by words in ${searchFieldsOf(def).join(', ')}` : ''}`,
      ),
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
    const title = def.labels['en-US'].title;
    const opId = (operation: string) => `${def.name}.${operation}`;
    const totals = [...(def.list.totals ?? []), ...Object.keys(def.list.stateTotals ?? {})];
    paths[base] = {
      get: {
        tags: t,
        operationId: opId('list'),
        summary: `List ${def.name}`,
        description:
          `Lists the ${title} records the caller may read in one scope (by default the caller's account), a page at a time, filtered and sorted as the parameters say. ` +
          `Answers the page's records and how many match${totals.length ? `, with the sums over every match of ${totals.join(', ')}` : ''}.`,
        parameters: [...page, scope, ...filters],
        responses: answer({
          type: 'object',
          required: ['records', 'total'],
          properties: {
            records: { type: 'array', items: ref(name) },
            total: { type: 'integer', minimum: 0, description: 'Exact up to 1,000 matches; past that a lower bound (totalExact false)' },
            totalExact: { type: 'boolean', description: 'false when total is a lower bound; absent when exact' },
            ...(totals.length
              ? { totals: { type: 'object', description: 'Sums over every match, yuan', required: totals, properties: Object.fromEntries(totals.map((f) => [f, { type: 'string', format: 'money' }])) } }
              : {}),
          },
        }),
      },
      post: {
        tags: t,
        operationId: opId('create'),
        summary: `Create a ${def.name} record`,
        description: `Creates a ${title} record from its form's fields (fields the server sets are ignored). Answers the record as stored.`,
        parameters: [idempotencyKey(false)],
        requestBody: { required: true, content: json(ref(`${name}Input`)) },
        responses: answer(ref(name)),
      },
    };
    paths[`${base}/export`] = {
      get: {
        tags: t,
        operationId: opId('export'),
        summary: `Export the filtered ${def.name} list`,
        description: `Exports every ${title} record the filters match in the scope, with the list's columns and labels in the caller's language, as CSV or an XLSX workbook.`,
        parameters: [queryParam('format', { type: 'string', enum: ['csv', 'xlsx'] }, 'Default xlsx'), page[2], scope, ...filters],
        responses: {
          200: {
            description: 'The file (Content-Disposition names it)',
            content: { 'text/csv': { schema: { type: 'string' } }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    };
    const conflict = { 409: { description: 'The record changed since it was read (send the version read) or its state no longer allows this' } };
    paths[`${base}/{id}`] = {
      get: {
        tags: t,
        operationId: opId('get'),
        summary: `One ${def.name} record with its history`,
        description: `Answers one ${title} record with its history (events, oldest first). A record the caller may not read is a 404, as an unknown id.`,
        parameters: [id],
        responses: answer(ref(`${name}WithHistory`)),
      },
      put: {
        tags: t,
        operationId: opId('update'),
        summary: `Update a ${def.name} record (send the version read)`,
        description: `Changes the fields of a ${title} record its state lets the caller edit. Send the version read: a record changed since is a 409. Answers the record as stored.`,
        parameters: [id],
        requestBody: { required: true, content: json(ref(`${name}Update`)) },
        responses: { ...answer(ref(name)), ...conflict },
      },
      delete: {
        tags: t,
        operationId: opId('delete'),
        summary: `Delete a ${def.name} record`,
        description: `Deletes a ${title} record its state lets the caller delete. Answers data null.`,
        parameters: [id],
        responses: { ...answer({ type: 'null' }), ...conflict },
      },
    };
    if (def.document) {
      paths[`${base}/{id}/document`] = {
        get: {
          tags: t,
          operationId: opId('document'),
          summary: `The ${def.name} document as the parties sign it, with its SHA-256 and the signatures`,
          description: `Answers the text of a ${title} record's document as rendered now, its SHA-256, the SHA-256 fixed by the first signature and every signature.`,
          parameters: [id],
          responses: answer({
            type: 'object',
            required: ['title', 'text', 'sha256', 'signedSha256', 'signatures'],
            properties: {
              title: { type: 'string' },
              text: { type: 'string' },
              sha256: { type: 'string', description: 'SHA-256 of text as rendered now' },
              signedSha256: { type: ['string', 'null'], description: 'SHA-256 fixed by the first signature' },
              signatures: { type: 'array', items: ref('Signature') },
            },
          }),
        },
      };
    }
    // A selection of records (resources/bulk.ts): how many the caller may take each action on, an action on each, an export.
    const noneReadable = { 404: { description: 'None of the selected records is one the caller may read' } };
    const selection = (extra: Record<string, JsonSchema> = {}): JsonSchema => ({ ...(bulkSchemas.count.body as JsonSchema), properties: { ...(bulkSchemas.count.body.properties as object), ...extra } });
    paths[`${base}/bulk`] = {
      post: {
        tags: t,
        operationId: opId('bulk.count'),
        summary: bulkSchemas.count.summary,
        description: `Counts a selection of ${title} records (ids chosen, or every record a list query matches, at most ${MAX_BULK}) the caller may read, and for each action how many of them the caller may take it on.`,
        requestBody: { required: true, content: json(selection()) },
        responses: { ...answer(obj({ total: { type: 'integer', minimum: 0 }, actions: { type: 'array', items: obj({ name: { type: 'string' }, count: { type: 'integer', minimum: 0 } }, ['name', 'count']) } }, ['total', 'actions'])), ...noneReadable },
      },
    };
    paths[`${base}/bulk/export`] = {
      get: {
        tags: t,
        operationId: opId('bulk.export'),
        summary: bulkSchemas.export.summary,
        description: `Exports the chosen ${title} records the caller may read, with the list's columns, as CSV or an XLSX workbook.`,
        parameters: [queryParam('ids', str(MAX_BULK * 37), 'Record ids, comma separated'), queryParam('format', { type: 'string', enum: ['csv', 'xlsx'] }, 'Default xlsx')],
        responses: { ...(paths[`${base}/export`].get.responses as Record<string, unknown>), ...noneReadable },
      },
    };
    if (def.list.import) Object.assign(paths, importPaths(def, name, base, paths[`${base}/export`].get.responses as Record<string, unknown>));
    for (const action of def.actions ?? []) {
      const label = def.labels['en-US'].actions?.[action.name]?.label ?? action.name;
      const input = actionInputSchema(action) as unknown as JsonSchema | null;
      paths[`${base}/{id}/actions/${action.name}`] = {
        post: {
          tags: t,
          operationId: opId(`actions.${action.name}`),
          summary: `${action.name}: ${action.from.join(' | ')} -> ${action.to}`,
          description:
            `${label}: moves a ${title} record from ${action.from.join(' or ')} to ${action.to}` +
            `${action.by?.length ? `, by its ${action.by.join(' or ')}` : ''}${action.money ? '. It moves money: an Idempotency-Key is required' : ''}. ` +
            'Answers the record with its history.',
          parameters: [id, idempotencyKey(!!action.money)],
          ...(input ? { requestBody: { required: true, content: json(input) } } : {}),
          responses: { ...answer(ref(`${name}WithHistory`)), ...conflict },
        },
      };
      const result = obj(
        {
          id: uuid,
          status: { type: 'string', enum: ['done', 'refused'] },
          reason: { type: 'string', description: "Why it was refused, in the caller's language" },
          code: { type: 'integer', description: 'The status the action alone would have answered (403, 409, 400)' },
          record: ref(name),
        },
        ['id', 'status'],
      );
      paths[`${base}/bulk/actions/${action.name}`] = {
        post: {
          tags: t,
          operationId: opId(`bulk.actions.${action.name}`),
          summary: `${action.name} on each record of a selection`,
          description:
            `${label} on each ${title} record of a selection, in one transaction: each record is done or refused with its reason; a confirmed step is confirmed once for all` +
            `${action.money ? '. It moves money: an Idempotency-Key is required' : ''}. Answers a result per record.`,
          parameters: [idempotencyKey(!!action.money)],
          requestBody: { required: true, content: json(selection({ ...(bulkSchemas.run.body.properties as Record<string, JsonSchema>), ...(input ? { input } : {}) })) },
          responses: { ...answer(obj({ action: { type: 'string' }, total: { type: 'integer' }, done: { type: 'integer' }, refused: { type: 'integer' }, results: { type: 'array', items: result } }, ['action', 'total', 'done', 'refused', 'results'])), ...noneReadable, ...conflict },
        },
      };
    }
  }
  return { schemas, paths };
}

/** The import routes of a resource that declares one (resources/import/routes.ts): template, preview, import. */
function importPaths(def: ResourceDefinition, name: string, base: string, fileAnswer: Record<string, unknown>): Record<string, PathItem> {
  const title = def.labels['en-US'].title;
  const opId = (operation: string) => `${def.name}.${operation}`;
  const fields = def.list.import?.fields ?? [];
  const upload = (withToken: boolean): JsonSchema => ({
    type: 'object',
    required: ['file'],
    properties: {
      file: { type: 'string', format: 'binary', description: `XLSX or CSV (by its extension, else its content), at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS} rows; the first row names the columns by the fields' labels (either language) or names: ${fields.join(', ')}` },
      ...(withToken ? { token: { type: 'string', description: "The preview's token: a file that differs from the one previewed is refused (409)" } } : {}),
    },
  });
  const multipart = (withToken: boolean) => ({ required: true, content: { 'multipart/form-data': { schema: upload(withToken) } } });
  const cellErrors: JsonSchema = { type: 'object', additionalProperties: { type: 'string' }, description: "Field -> what is wrong with its cell ('_' for the row), in the caller's language" };
  const preview = obj(
    {
      fields: { type: 'array', items: { type: 'string' }, description: "The file's columns as fields, in order" },
      total: { type: 'integer', minimum: 0 },
      valid: { type: 'integer', minimum: 0 },
      invalid: { type: 'integer', minimum: 0 },
      rows: { type: 'array', items: obj({ row: { type: 'integer', minimum: 2, description: 'The row number in the file (the header is 1)' }, values: { type: 'object', description: 'The values read, as a create takes them' }, errors: cellErrors }, ['row', 'values']) },
      token: { type: 'string', pattern: '^[0-9a-f]{64}$', description: "The file's SHA-256, to send back with the import" },
    },
    ['fields', 'total', 'valid', 'invalid', 'rows', 'token'],
  );
  const result = obj(
    {
      row: { type: 'integer', minimum: 2 },
      status: { type: 'string', enum: ['created', 'invalid', 'refused'], description: 'created; invalid (a cell is wrong: not sent); refused (its batch was refused while writing: nothing of that batch written)' },
      reason: { type: 'string' },
      record: ref(name),
    },
    ['row', 'status'],
  );
  const answerOfImport = obj(
    {
      total: { type: 'integer', minimum: 0 },
      created: { type: 'integer', minimum: 0 },
      invalid: { type: 'integer', minimum: 0 },
      refused: { type: 'integer', minimum: 0 },
      results: { type: 'array', items: result },
      resultFile: obj({ name: { type: 'string' }, base64: { type: 'string', contentEncoding: 'base64', description: 'An XLSX workbook: the rows as uploaded with a status and a reason column' } }, ['name', 'base64']),
    },
    ['total', 'created', 'invalid', 'refused', 'results', 'resultFile'],
  );
  const tooLarge = { 413: { description: `The file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB` } };
  return {
    [`${base}/import/template`]: {
      get: {
        tags: [def.name],
        operationId: opId('import.template'),
        summary: `The template to import ${def.name} records`,
        description: `A workbook (or CSV) with a column per importable ${title} field, headed by its label in the caller's language, and an example row. Needs the right to create ${title} records.`,
        parameters: [queryParam('format', { type: 'string', enum: ['xlsx', 'csv'] }, 'Default xlsx')],
        responses: fileAnswer,
      },
    },
    [`${base}/import/preview`]: {
      post: {
        tags: [def.name],
        operationId: opId('import.preview'),
        summary: `Preview an import of ${def.name} records: each row checked, nothing written`,
        description: `Reads each row of the file and checks it as a create of a ${title} record is checked (the record's schema, required fields, references): its values and a message per bad cell. Nothing is written.`,
        requestBody: multipart(false),
        responses: { ...answer(preview), ...tooLarge },
      },
    },
    [`${base}/import`]: {
      post: {
        tags: [def.name],
        operationId: opId('import.run'),
        summary: `Import ${def.name} records: the valid rows created`,
        description: `Creates a ${title} record of each valid row through the create pipeline, ${IMPORT_BATCH} rows per transaction: a row refused while writing (its handler's check) leaves its batch unwritten. Rows with a bad cell are not sent. Answers a result per row and the result file (the rows with a status column).`,
        parameters: [idempotencyKey(false)],
        requestBody: multipart(true),
        responses: { ...answer(answerOfImport), ...tooLarge, 409: { description: 'The file differs from the one previewed (token), or a twin request with the same Idempotency-Key is still running' } },
      },
    },
  };
}
