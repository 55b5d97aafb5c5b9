import type { FieldErrors } from '../../shared/api';

/** The request did not finish within the timeout (HTTP 408 semantics, never sent by our server). */
export const TIMEOUT_CODE = 408;
/** The server could not be reached. Code 0 means success on the wire, so a negative code is used. */
export const NETWORK_ERROR_CODE = -1;

const isFieldErrors = (data: unknown): data is FieldErrors =>
  typeof data === 'object' &&
  data !== null &&
  !Array.isArray(data) &&
  Object.values(data).every((value) => typeof value === 'string');

/**
 * A rejected call. `code`, `msg` and `data` are the envelope's; `statusCode` and `errors`
 * mirror them in the shape refine expects of an HttpError, so refine's forms can show
 * server-side field errors too.
 */
export class HttpError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  readonly statusCode: number;
  readonly errors?: FieldErrors;
  /** Seconds the server asks to wait before trying again (Retry-After of a 429 or 503), when it gives one. */
  readonly retryAfter?: number;

  constructor({ code, msg, data, retryAfter }: { code: number; msg: string; data: unknown; retryAfter?: number }) {
    super(msg || `HTTP ${code}`);
    this.name = 'HttpError';
    this.code = code;
    this.msg = msg;
    this.data = data;
    this.statusCode = code;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
    if (code === 400 && isFieldErrors(data) && Object.keys(data).length > 0) this.errors = data;
  }
}

/** Field errors of a 400 response (data = {field: message}), or null. */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  return error instanceof HttpError ? (error.errors ?? null) : null;
}
