// Every /api response is {code, msg, data}, errors included, with code = HTTP status (/api/rest:
// simple-rest's {statusCode, message, errors}).
// Messages are translated for the caller; no stack trace or internal text ever leaves.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { TFunction } from 'i18next';
import type { Envelope } from '../../shared/api';
import type { Language } from '../../shared/constants';
import { formatErrorMessage } from '../../shared/formats';
import { illFormedTextAt } from '../../shared/schema/ajv';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, fieldError, type MessageRef } from '../errors';
import { languageFrom, translatorFor } from '../i18n';
import { isTransactionConflict } from '../db/conflicts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    t: TFunction;
  }
}

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { code, msg, data };
}

/** Success envelope; handlers `return ok(req, data)`. */
export function ok<T>(req: FastifyRequest, data: T): Envelope<T> {
  return envelope(200, req.t('ok'), data);
}

export function translate(t: TFunction, ref: MessageRef): string {
  if (typeof ref !== 'string' && 'text' in ref) return ref.text;
  const { key, params } = typeof ref === 'string' ? { key: ref, params: {} } : ref;
  return t(key.includes(':') ? key : `errors:${key}`, params ?? {}) as string;
}

/** The routes that answer in @refinedev/simple-rest's convention: an error is {statusCode, message, errors}. */
const REST_PREFIX = '/api/rest/';

function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const data = err.fields
    ? Object.fromEntries(Object.entries(err.fields).map(([field, ref]) => [field, translate(req.t, ref)]))
    : null;
  if (err.retryAfter !== undefined) void reply.header('retry-after', String(err.retryAfter));
  const msg = translate(req.t, err.msg);
  // /api/rest speaks simple-rest's convention (resources/rest.ts), errors raised before routing included.
  if (req.url.startsWith(REST_PREFIX)) return reply.status(err.code).send({ statusCode: err.code, message: msg, ...(data ? { errors: data } : {}) });
  return reply.status(err.code).send(envelope(err.code, msg, data));
}

/** A schema error as a field message that says what is wrong (too long, wrong type ...). */
function schemaFieldErrors(errors: FastifySchemaValidationError[], t: TFunction): Record<string, MessageRef> {
  const fields: Record<string, MessageRef> = {};
  for (const v of errors) {
    const missing = (v.params as { missingProperty?: unknown } | undefined)?.missingProperty;
    const field = String(missing ?? v.instancePath.replace(/^\//, '').split('/')[0] ?? '') || '_';
    if (fields[field]) continue;
    fields[field] = v.keyword === 'required' ? 'validation:required' : { text: formatErrorMessage(v as Parameters<typeof formatErrorMessage>[0], t) };
  }
  return fields;
}

/**
 * Fastify's `frameworkErrors` (errors raised before routing: a path that is not UTF-8, a path
 * parameter over maxParamLength): the envelope, without the framework's code or the path.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  req.lang = languageFrom(req.headers['accept-language']);
  req.t = translatorFor(req.lang);
  // An over-long id names no record there is: the same 404 as any unknown id.
  const err = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new AppError(404, 'notFound') : new AppError(400, 'badRequest');
  return sendError(req, reply, err);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any request exists (an
 * address or headers over the size limit, a malformed request line) is still an envelope, in
 * the default language since no header could be read.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'api:headersTooLarge'] : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'api:requestTimeout'] : [400, 'badRequest'];
  const body = JSON.stringify(envelope(status, translate(translatorFor(languageFrom(undefined)), key), null));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

async function envelopePlugin(app: FastifyInstance) {
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('t', null as unknown as TFunction);
  app.addHook('onRequest', async (req) => {
    req.lang = languageFrom(req.headers['accept-language']);
    req.t = translatorFor(req.lang);
  });

  // Many HTTP clients send Content-Type: application/json with an empty body (DELETE /logout):
  // no body, not a malformed one. Anything else goes through Fastify's own safe JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(req, body as string, done);
  });

  app.addHook('preValidation', async (req) => {
    // Text the database cannot store or that is not Unicode, anywhere in the request: a 400
    // naming the field before any handler runs, so a failing request spends nothing.
    for (const part of [req.params, req.query, req.body]) {
      const at = illFormedTextAt(part);
      if (at !== null) throw fieldError({ [at || '_']: 'api:invalidText' });
    }
    // A route that declares a body reads a missing one as {}: its fields are then reported missing.
    if ((req.body === undefined || req.body === null) && req.routeOptions.schema?.body) req.body = {};
  });

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) return sendError(req, reply, error);
    const fe = error as FastifyError;
    if (fe.validation) {
      // A path parameter that fails its schema names no record: 404 like any unknown id.
      if (fe.validationContext === 'params') return sendError(req, reply, new AppError(404, 'notFound'));
      return sendError(req, reply, fieldError(schemaFieldErrors(fe.validation, req.t)));
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) return sendError(req, reply, new AppError(413, 'tooLarge'));
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(req, reply, new AppError(415, 'unsupportedMediaType'));
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON and similar client mistakes.
      return sendError(req, reply, new AppError(fe.statusCode, 'badRequest'));
    }
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault nor a bug: the same request can succeed in a moment.
      req.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '1');
      return sendError(req, reply, new AppError(503, 'databaseUnavailable'));
    }
    if (isTransactionConflict(error)) {
      // Aborted as a conflict CONFLICT_TRIES times in a row (db/conflicts.ts): busy, nothing written.
      req.log.warn({ err: error }, 'transaction conflict');
      reply.header('retry-after', '1');
      return sendError(req, reply, new AppError(503, 'transactionConflict'));
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendError(req, reply, new AppError(500, 'internal'));
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
