// Building blocks of route schemas (plain JSON Schema, the dialect Fastify validates with and
// @fastify/swagger documents). A route declares `schema: { body, querystring, params }` with
// these; the shape is checked once, before the handler, and a failure is a field-level 400 (a
// path parameter failure is a 404: such an id names no record).
import { MAX_PAGE_NO, MAX_PAGE_SIZE } from '../pagination';

export type JsonSchema = Record<string, unknown>;

/** A string of at most `maxLength` characters. */
export const str = (maxLength: number, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', maxLength, ...extra });

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const uuid: JsonSchema = { type: 'string', pattern: UUID_PATTERN, maxLength: 36 };

/** An object whose listed properties are typed; other properties are ignored, not refused. */
export const obj = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});

/** pageNo/pageSize of every list (DESIGN §4), in a body or a query string. */
export const pageProps: Record<string, JsonSchema> = {
  pageNo: { type: 'integer', minimum: 1, maximum: MAX_PAGE_NO, description: 'Page number, from 1' },
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: `Rows per page (default 10), at most ${MAX_PAGE_SIZE}` },
};

/** `{ id }` path parameter: a UUID. */
export const idParams: JsonSchema = obj({ id: uuid }, ['id']);

/** Field types shared by the sign-in and account bodies. */
export const fields = {
  phone: str(32, { description: 'Mainland mobile number' }),
  smsCode: str(16, { description: 'SMS verification code' }),
  password: str(128),
};

/** The answer envelope around `data`: `{code, msg, data}`, code equal to the HTTP status. */
export const envelopeOf = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer', description: 'Equal to the HTTP status' }, msg: { type: 'string', description: "Message in the caller's language (Accept-Language)" }, data },
});

/**
 * A route's `schema.response`: the envelope of a 200 with `data` as given, and any error status
 * the route answers besides those every route of its kind may (openapi/contract.ts adds those).
 * It documents the answer and the contract test checks every answer against it; it never shapes
 * what is sent (plugins/lazyValidation.ts: answers are serialized as they are).
 */
export const answers = (data: JsonSchema, description: string, errors: Record<number, string> = {}): Record<string, JsonSchema> => ({
  200: { description, ...envelopeOf(data) },
  ...Object.fromEntries(Object.entries(errors).map(([status, why]) => [status, { description: why, ...envelopeOf({ type: 'null' }) }])),
});

/** The answer of an export: a CSV or XLSX file (Content-Disposition names it). */
export const exportAnswers = (description: string): Record<string, JsonSchema> => ({
  200: {
    description,
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
    },
  },
});

/** `data: null`: the answer says only that it was done. */
export const done: JsonSchema = { type: 'null' };
/** A nullable value of `schema` (null joins its enum too, where it has one). */
export const nullable = (schema: JsonSchema): JsonSchema => ({
  ...schema,
  type: [schema.type as string, 'null'],
  ...(Array.isArray(schema.enum) ? { enum: [...(schema.enum as unknown[]), null] } : {}),
});
/** An object whose properties are all present (each listed in `required`). */
export const record = (properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema =>
  obj(properties, Object.keys(properties).filter((k) => !optional.includes(k)));
/** Field types of answers. */
export const t = {
  id: uuid,
  text: { type: 'string' } as JsonSchema,
  int: { type: 'integer' } as JsonSchema,
  bool: { type: 'boolean' } as JsonSchema,
  dateTime: { type: 'string', format: 'date-time' } as JsonSchema,
  date: { type: 'string', format: 'date' } as JsonSchema,
  money: { type: 'string', format: 'money', description: 'Yuan, two decimals' } as JsonSchema,
  list: (items: JsonSchema): JsonSchema => ({ type: 'array', items }),
  /** A page of a hand-written list: its rows and the total count. */
  page: (row: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema => record({ records: { type: 'array', items: row }, total: { type: 'integer', minimum: 0 }, ...extra }),
};
