// Every /api response is {code, msg, data}, errors included, with code = HTTP status.
// Messages are translated for the caller; no stack trace or internal text ever leaves.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TFunction } from 'i18next';
import type { Envelope } from '../../shared/api';
import type { Language } from '../../shared/constants';
import { AppError, type MessageRef } from '../errors';
import { languageFrom, translatorFor } from '../i18n';

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

function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const data = err.fields
    ? Object.fromEntries(Object.entries(err.fields).map(([field, ref]) => [field, translate(req.t, ref)]))
    : null;
  return reply.status(err.code).send(envelope(err.code, translate(req.t, err.msg), data));
}

async function envelopePlugin(app: FastifyInstance) {
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('t', null as unknown as TFunction);
  app.addHook('onRequest', async (req) => {
    req.lang = languageFrom(req.headers['accept-language']);
    req.t = translatorFor(req.lang);
  });

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) return sendError(req, reply, error);
    const fe = error as FastifyError;
    if (fe.validation) {
      // Schema-level rejections (wrong types, missing body): name the fields when we can.
      const fields: Record<string, MessageRef> = {};
      for (const v of fe.validation) {
        const field = String(v.params?.missingProperty ?? v.instancePath.replace(/^\//, '').split('/')[0] ?? '') || '_';
        fields[field] = v.keyword === 'required' ? 'validation:required' : 'invalidValue';
      }
      return sendError(req, reply, new AppError(400, 'validation', fields));
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) return sendError(req, reply, new AppError(413, 'tooLarge'));
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(req, reply, new AppError(415, 'unsupportedMediaType'));
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON and similar client mistakes.
      return sendError(req, reply, new AppError(fe.statusCode, 'badRequest'));
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendError(req, reply, new AppError(500, 'internal'));
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
