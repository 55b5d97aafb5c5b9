import axios, { type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { HttpError, request, type HttpMethod, type Query } from './http';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency';

// The axios instance @refinedev/simple-rest sends through, which is not a second HTTP client: its
// adapter hands every request to request() (./http), so the session token, the language and
// variant headers, the timeout and the SPEC §8 error policy (notifications, sign-out on 401) are
// the console's own. Only the reading differs: the simple-rest routes (/api/rest) answer bare JSON,
// not the {code, msg, data} envelope, and their errors as {statusCode, message, errors}, read here
// into the same HttpError an envelope's error makes, so a 400's field map reaches refine's forms
// as `errors` and the caller's `fieldErrorsOf`.

/** What one call's meta says about how it is sent (simple-rest itself passes on only meta.headers). */
export interface SimpleRestCall {
  /** The caller shows the error itself: request()'s `silent`. */
  silent?: boolean;
  /** The user intent's Idempotency-Key for a POST (./idempotency.ts); a fresh one when none is named. */
  idempotencyKey?: string;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Set by request() itself (JSON, the console's language): axios's defaults for them are not sent. */
const SET_BY_REQUEST = new Set(['accept', 'content-type']);

interface Answer {
  data: unknown;
  status: number;
  headers: Record<string, string>;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A bare JSON answer; an error answer ({statusCode, message, errors}) or a body that is not JSON rejects with an HttpError. */
async function readBare(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = null;
  let json = true;
  try {
    if (text) body = JSON.parse(text) as unknown;
  } catch {
    // A proxy's error page, say: judged by the HTTP status below.
    json = false;
  }
  if (response.ok && json) return { data: body, status: response.status, headers: Object.fromEntries(response.headers) };
  const error = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  throw new HttpError({
    code: response.ok ? 500 : response.status,
    // simple-rest's error names its text `message`; an envelope (a proxy in front) names it `msg`.
    msg: asText(error.message) || asText(error.msg),
    data: error.errors ?? error.data ?? null,
  });
}

function methodOf(config: InternalAxiosRequestConfig): HttpMethod {
  const method = (config.method ?? 'get').toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) throw new Error(`simple-rest client: ${method} is not sent`);
  return method;
}

/** The headers the call sets (meta.headers), and the Idempotency-Key every POST carries. */
function headersOf(config: InternalAxiosRequestConfig, method: HttpMethod, call: SimpleRestCall): Record<string, string> {
  const sent = Object.entries(config.headers.toJSON(true)).filter(([name]) => !SET_BY_REQUEST.has(name.toLowerCase()));
  const headers = Object.fromEntries(sent);
  const keyed = sent.some(([name]) => name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
  if (method === 'POST' && !keyed) headers[IDEMPOTENCY_HEADER] = call.idempotencyKey || newIdempotencyKey();
  return headers;
}

async function send(config: InternalAxiosRequestConfig, call: SimpleRestCall): Promise<AxiosResponse> {
  const method = methodOf(config);
  const answer = await request<Answer>(
    // simple-rest's URLs are its apiUrl (a path under /api, which request() adds) with the query built in.
    config.url ?? '',
    { method, body: config.data as unknown, query: config.params as Query | undefined, headers: headersOf(config, method, call), silent: call.silent === true },
    readBare,
  );
  return { ...answer, statusText: '', config };
}

/**
 * The axios instance for one simple-rest call: requests go out through request(), bodies untouched
 * by axios (request() writes the JSON), answers read bare.
 */
export function simpleRestClient(call: SimpleRestCall = {}): AxiosInstance {
  return axios.create({
    adapter: (config) => send(config, call),
    transformRequest: [(data: unknown) => data],
    transformResponse: [(data: unknown) => data],
  });
}
