// The simple-rest convention's routes in the contract (resources/rest.ts): one set of paths for
// every resource, the record answered bare (the shape /api/r answers it in, per resource under
// that resource's tag), errors as simple-rest's HTTP client reads them.
import { MAX_PAGE_SIZE } from '../pagination';
import { obj, str, uuid, type JsonSchema } from './kit';

const tags = ['rest'];
const resource = str(64, { description: 'Resource name (schemas/resources/<name>.json), as in /api/r/{resource}' });
const params = obj({ resource }, ['resource']);
const idParams = obj({ resource, id: uuid }, ['resource', 'id']);
/** A record as GET /api/r/{resource}/{id} answers it (its fields are the resource's: see that operation). */
const record: JsonSchema = {
  type: 'object',
  required: ['id', 'state', 'version'],
  properties: { id: { type: 'string', format: 'uuid' }, state: { type: ['string', 'null'] }, version: { type: 'integer', minimum: 1 } },
  additionalProperties: true,
  description: "The record with its resource's fields, as /api/r answers it",
};
const json = (schema: JsonSchema, description: string) => ({ description, content: { 'application/json': { schema } } });
const stale = { 409: { description: "The record's state or version no longer allows this: read it again" } };
const body: JsonSchema = { type: 'object', additionalProperties: true, description: "The record's fields (the resource's record schema)" };

/** The error answer of these routes: what simple-rest's HTTP client makes refine's HttpError of. */
export const REST_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['statusCode', 'message'],
  additionalProperties: false,
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status' },
    message: { type: 'string', description: "What is wrong, in the caller's language" },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field or parameter name -> what is wrong with it' },
  },
};

export const restRouteSchemas = {
  list: {
    tags,
    summary: 'List records (simple-rest), or read several by id',
    description:
      "The records the caller may list, as a bare array, the count of all matches in the x-total-count header. _start and _end are a page (the start a multiple of the size), _sort and _order the sort (fields the resource's list may sort by), `field` an enum filter's value (repeated for several), `field_like` a text filter, `field_gte` and `field_lte` a range filter's bounds; scope and has as in /api/r. With `id` (repeated) it answers those records instead. A parameter it cannot take is a 400 naming it.",
    params,
    querystring: {
      type: 'object',
      additionalProperties: true,
      properties: {
        _start: { type: 'integer', minimum: 0 },
        _end: { type: 'integer', minimum: 1, description: `The page's end (at most ${MAX_PAGE_SIZE} after _start)` },
        _sort: str(200, { description: 'Fields, comma separated' }),
        _order: str(200, { description: 'asc or desc per field, comma separated' }),
        id: { type: 'array', items: uuid, maxItems: 100, description: 'Read these records (getMany)' },
      },
    },
    response: { 200: { ...json({ type: 'array', items: record }, 'The records'), headers: { 'x-total-count': { description: 'How many records match', schema: { type: 'integer', minimum: 0 } } } } },
  },
  get: { tags, summary: 'One record (simple-rest)', description: 'The record with its history, bare.', params: idParams, response: { 200: json(record, 'The record') } },
  create: {
    tags,
    summary: 'Create a record (simple-rest)',
    description: 'Creates a record of the fields sent and answers it bare; Idempotency-Key honoured.',
    params,
    body,
    response: {
      200: json(record, 'The record made'),
      409: { description: 'A twin request with the same Idempotency-Key is still running' },
      422: { description: 'The Idempotency-Key was already used with another request' },
    },
  },
  patch: {
    tags,
    summary: 'Update some fields of a record (simple-rest)',
    description: 'The fields sent over the stored ones. With `version`, a 409 if the record changed since that version; without, the fields sent win.',
    params: idParams,
    body,
    response: { 200: json(record, 'The record after'), ...stale },
  },
  put: { tags, summary: 'Replace the data of a record (simple-rest)', description: 'As PUT /api/r/{resource}/{id}: the whole data with the version read.', params: idParams, body, response: { 200: json(record, 'The record after'), ...stale } },
  remove: { tags, summary: 'Delete a record (simple-rest)', description: 'Deletes the record (in a state its resource lets delete) and answers it as it was.', params: idParams, response: { 200: json(record, 'The record deleted'), ...stale } },
};
