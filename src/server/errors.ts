// Errors a handler throws on purpose. The envelope plugin turns them into
// {code, msg, data} with the HTTP status equal to code and every text translated
// for the caller (Accept-Language).

/**
 * A message: a key (`key` in the `errors` namespace, or `ns:key`), a key with params, or a
 * text already translated for the caller ({ text }).
 */
export type MessageRef = string | { key: string; params?: Record<string, unknown> } | { text: string };

export class AppError extends Error {
  /** A 429's wait in whole seconds, sent as the Retry-After header (plugins/envelope.ts). */
  retryAfter?: number;
  constructor(
    readonly code: number,
    readonly msg: MessageRef,
    /** 400 only: field name -> message; sent as data {field: text}. */
    readonly fields?: Record<string, MessageRef>,
  ) {
    super(typeof msg === 'string' ? msg : 'key' in msg ? msg.key : msg.text);
  }
}

/** 400 with per-field messages. */
export const fieldError = (fields: Record<string, MessageRef>) => new AppError(400, 'validation', fields);
export const badRequest = (msg: MessageRef) => new AppError(400, msg);
export const unauthorized = (msg: MessageRef = 'unauthorized') => new AppError(401, msg);
export const forbidden = (msg: MessageRef = 'forbidden') => new AppError(403, msg);
export const notFound = (msg: MessageRef = 'notFound') => new AppError(404, msg);
export const conflict = (msg: MessageRef) => new AppError(409, msg);
/** 429; `waitMs`, the time until a try can succeed, is answered as Retry-After in seconds (rounded up). */
export function tooMany(key: string, params?: Record<string, unknown>, waitMs?: number): AppError {
  const err = new AppError(429, { key, params });
  if (waitMs !== undefined) err.retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return err;
}
