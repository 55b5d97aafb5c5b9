import { API_BASE, HTTP_TIMEOUT_MS } from '../../shared/constants';
import { isSuccessCode } from '../../shared/api';
import { currentLanguage } from '../i18n';
import { VARIANT_ID } from '../variant';
import { getToken } from './session';
import { reactToError } from './httpErrorPolicy';
import { fieldErrorsOf, HttpError, NETWORK_ERROR_CODE, TIMEOUT_CODE } from './httpError';

// THE HTTP client of SPEC §7/§8: every call to /api goes through here, the auth provider
// and the data provider included, so the envelope and the error rules live in one place.

export { fieldErrorsOf, HttpError, NETWORK_ERROR_CODE, TIMEOUT_CODE };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean | null | undefined;
export type Query = Record<string, QueryScalar | QueryScalar[]>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Appended as URL parameters; null and undefined values are left out. */
  query?: Query;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Suppress the SPEC §8 notification for this call, for callers that show the error
   * themselves (forms put 400 field errors beside their fields, sign-in shows the message
   * inline). The promise still rejects with the HttpError, and a 401 still ends the session.
   */
  silent?: boolean;
  /** Defaults to HTTP_TIMEOUT_MS (SPEC §9). */
  timeoutMs?: number;
  /**
   * The caller no longer needs the answer (a newer search, a list left: react-query's signal).
   * The request is aborted and rejects with the signal's reason, not an HttpError: nothing is
   * notified and no error policy applies.
   */
  signal?: AbortSignal;
}

interface ParsedBody {
  code?: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLanguage());
  // The links the server answers (messages, todos) are those of this console's variant (src/server/notify/links.ts).
  headers.set('X-LSF-Variant', VARIANT_ID);
  const token = getToken();
  if (token) headers.set('Authorization', token);
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  return headers;
}

async function readBody(response: Response): Promise<ParsedBody | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ParsedBody) : null;
  } catch {
    // Not our envelope (a proxy error page, for instance): judged by the HTTP status below.
    return null;
  }
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Retry-After in whole seconds (a 429's or a 503's wait), when the answer gives one. */
function retryAfterOf(value: string | null | undefined): number | undefined {
  const seconds = Number(value);
  return value && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

function toError(response: Pick<Response, 'ok' | 'status'> & { retryAfter?: string | null }, body: ParsedBody | null): HttpError {
  const code = typeof body?.code === 'number' ? body.code : response.ok ? 500 : response.status;
  // SPEC §7: the envelope names its text msg or message.
  const msg = asText(body?.msg) || asText(body?.message);
  return new HttpError({ code, msg, data: body?.data ?? null, retryAfter: retryAfterOf(response.retryAfter) });
}

/** Reads a successful response; the JSON envelope unless a caller needs the raw body (downloads). */
type ReadResponse<T> = (response: Response) => Promise<T>;

async function readEnvelope<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (body && isSuccessCode(body.code)) return body.data as T;
  throw toError({ ok: response.ok, status: response.status, retryAfter: response.headers.get('retry-after') }, body);
}

async function send<T>(path: string, options: RequestOptions, read: ReadResponse<T> = readEnvelope): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  try {
    options.signal?.throwIfAborted();
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: buildHeaders(options),
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
    options.signal?.throwIfAborted();
    return await read(response);
  } catch (error) {
    options.signal?.throwIfAborted();
    if (error instanceof HttpError) throw error;
    throw new HttpError({ code: timedOut ? TIMEOUT_CODE : NETWORK_ERROR_CODE, msg: '', data: null });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** Resolves the envelope's data on code 200 or 0; otherwise applies SPEC §8 and rejects with an HttpError. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}, read?: ReadResponse<T>): Promise<T> {
  try {
    return await send<T>(path, options, read);
  } catch (error) {
    // Cancelled by the caller: nobody is waiting for an answer, nor for an error to show.
    if (options.signal?.aborted) throw error;
    const httpError = error as HttpError;
    reactToError(httpError, { silent: options.silent ?? false });
    throw httpError;
  }
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T = unknown>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options & { body?: unknown }) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};


export interface Download {
  blob: Blob;
  /** From Content-Disposition (filename* preferred), or null when the server names none. */
  filename: string | null;
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      /* fall back to the plain name */
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * A file download (exports) with the same headers and error rules as request(): the body as a
 * Blob when the server answers 2xx, the envelope's error otherwise. A plain <a href> could not
 * send the Authorization header.
 */
export function download(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<Download> {
  return request<Download>(path, options, async (response) => {
    if (!response.ok) return readEnvelope<Download>(response);
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
  });
}

export interface UploadOptions {
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  silent?: boolean;
}

/**
 * A multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can),
 * with the same headers, envelope and error rules as request().
 */
export function upload<T = unknown>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (error: HttpError) => {
      reactToError(error, { silent: options.silent ?? false });
      reject(error);
    };
    xhr.open('POST', buildUrl(path));
    buildHeaders({ body: form }).forEach((value, key) => xhr.setRequestHeader(key, value));
    // Big files on slow links take a while: the plain request timeout would cut them off.
    xhr.timeout = HTTP_TIMEOUT_MS * 6;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: ParsedBody | null = null;
      try {
        const parsed: unknown = JSON.parse(xhr.responseText);
        body = typeof parsed === 'object' && parsed !== null ? (parsed as ParsedBody) : null;
      } catch {
        body = null;
      }
      if (body && isSuccessCode(body.code)) resolve(body.data as T);
      else fail(toError({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status || 500, retryAfter: xhr.getResponseHeader('retry-after') }, body));
    };
    xhr.onerror = () => fail(new HttpError({ code: NETWORK_ERROR_CODE, msg: '', data: null }));
    xhr.ontimeout = () => fail(new HttpError({ code: TIMEOUT_CODE, msg: '', data: null }));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
