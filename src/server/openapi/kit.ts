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
