// Schema-derived fuzzing (issue 10): every operation of the OpenAPI document (every registered
// route, every resource of the registry, so endpoints added later are fuzzed too) gets generated
// bad bodies, queries and path parameters: wrong types, huge numbers, NUL and lone surrogates,
// long strings, deep nesting, unknown fields, bad ids. No answer may be a 500, every answer is
// the {code, msg, data} envelope (on /api/rest, simple-rest's {statusCode, message, errors}), and no table gains or loses a row.
// FUZZ_RUNS=N raises the number of requests per operation (default 60).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPassword, signedIn } from '../support/flows';
import { approveAccount } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
// Rows a request may add by design: a captcha is stored when one is drawn; a public endpoint
// counts its client (rate_limits, plugins/rateLimit.ts), refused requests too; a person's
// confirmation row (money_confirmations, src/server/confirm/) counts a wrong payment password or
// authenticator code, refused requests above all, and keeps an offered authenticator secret.
// The scheduler keeps a row per job (job_runs) as its jobs start their periods on their own.
const GROWS_ON_READ = new Set(['captchas', 'rate_limits', 'money_confirmations', 'job_runs']);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  $ref?: string;
  'x-kind'?: string;
};
interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  params: Param[];
  body?: Schema;
}
interface Sent {
  method: string;
  url: string;
  token?: string;
  body?: string;
  contentType?: string;
  lang?: string;
}

/** Mostly JSON, sometimes what a confused client declares instead. */
const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=zz',
      'application/xml',
      'application/json-patch+json',
      '',
    ),
  },
);
const languages = fc.constantFrom(undefined, 'en-US', 'zh-CN', 'fr', '*', 'en-US;q=abc,,', 'x'.repeat(300));

const nest = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i += 1) v = i % 2 ? { a: v } : [v];
  return v;
};

/** Any JSON value a careless or hostile client might send. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '', ' ', '0', 'null', 'true', '1e20', '-1', '2024-13-45', '<script>x</script>', "'; drop table users; --"),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 300, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(0, -1, 1, 2.5, 2 ** 31, 2 ** 53 + 2, 1e20, -1e308, 1e308, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
  fc.integer({ min: 10, max: 3000 }).map(nest),
);

/** A value certainly wrong for `schema`: unstorable text, or the wrong JSON type, or too big. */
const wrongFor = (schema: Schema | undefined): fc.Arbitrary<unknown> => {
  const type = [schema?.type ?? 'string'].flat()[0];
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom('a\u0000b', '\ud800')];
  if (type === 'string') options.push(fc.constantFrom({ $ne: 1 }, ['x'], nest(50)));
  if (type === 'string' && schema?.maxLength !== undefined) options.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  if (type === 'integer' || type === 'number') options.push(fc.constantFrom('abc', [1], {}));
  if (type === 'integer') options.push(fc.constantFrom(2.5, 1e-7));
  if ((type === 'integer' || type === 'number') && schema?.maximum !== undefined) options.push(fc.constantFrom(schema.maximum + 1, schema.maximum * 1e6 + 1, 1e308));
  if (type === 'boolean') options.push(fc.constantFrom('maybe', [true], {}));
  if (type === 'array') options.push(fc.constantFrom(5, { 0: 'a' }, ['\u0000']));
  if (type === 'object') options.push(fc.constantFrom('text', 5, [1, 2], { bad: '\u0000' }));
  return fc.oneof(...options);
};

/** Query-string text for a parameter: bad values, already percent-encoded where needed. */
const badQueryText = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%FF', '%', '%E0%A4%A', '1e20', '-1', '2.5', '0', '2024-13-45,', '2023-02-29,2023-03-01', ',', ',,', 'abc,def', '-createdAt,nosuch', '%2F..%2F', 'true'),
  fc.integer({ min: 200, max: 4000 }).map((n) => 'q'.repeat(n)),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

/** A path parameter that names nothing: malformed, overlong, not UTF-8, or a random id. */
const badId = fc.oneof(
  fc.constantFrom('x', '0', '-1', 'null', 'undefined', '%00', '%FF', '%C0%AF', '%ED%A0%80', '..', '%2E%2E', '%2F', 'a'.repeat(101), 'a'.repeat(1000)),
  fc.uuid().map(String),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

const FORMAT_EXAMPLES: Record<string, unknown> = {
  money: '100.00',
  date: '2026-12-01',
  'date-time': '2026-12-01T08:00:00Z',
  mobile: '13900000001',
  email: 'buyer@example.com',
  smsCode: '123456',
  industry: '01',
};

/**
 * A valid value of a record schema where one is easy to make (enums, dates, money, regions ...),
 * so that a request with one field broken reaches the code behind validation.
 */
function exampleOf(schema: Schema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema['x-kind'] === 'region') return ['33', '3301', '330106'];
  const type = [schema.type].flat()[0];
  if (type === 'string') return schema.format ? FORMAT_EXAMPLES[schema.format] : 'x'.repeat(Math.min(Math.max(schema.minLength ?? 0, 3), schema.maxLength ?? 3));
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  if (type === 'array') return Array.from({ length: schema.minItems ?? 1 }, () => exampleOf(schema.items ?? { type: 'string' }));
  if (type === 'object') return Object.fromEntries((schema.required ?? []).map((k) => [k, exampleOf(schema.properties?.[k] ?? {})]));
  return undefined;
}

function resolve(schema: Schema | undefined, components: Record<string, Schema>): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!], components);
  return schema;
}

function operationsOf(doc: {
  paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: Schema }> }; responses?: Record<string, { content?: Record<string, unknown> }> }>>;
  components?: { schemas?: Record<string, Schema> };
}): Operation[] {
  const components = doc.components?.schemas ?? {};
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      // A stream (text/event-stream) stays open while its caller listens: fuzzing waits for an
      // answer that never ends. Its refusals (no session) are tests/api/events.test.ts's.
      if (op.responses?.['200']?.content?.['text/event-stream']) continue;
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body: resolve(body, components) });
    }
  }
  return ops;
}

/** Requests for one operation: at least one input certainly bad, the rest anything. */
function requestsFor(op: Operation, tokens: fc.Arbitrary<string | undefined>, baseline?: Record<string, unknown>, ids: string[] = []): fc.Arbitrary<Sent> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  // Fields the server sets (readOnly) are ignored in a body, so breaking one breaks nothing.
  const props = Object.entries(op.body?.properties ?? {}).filter(([, schema]) => !(schema as { readOnly?: boolean }).readOnly);
  const takesBody = op.method !== 'GET' && op.method !== 'DELETE';

  const idArb = ids.length ? fc.oneof(badId, fc.constantFrom(...ids), fc.constantFrom(...ids)) : fc.oneof(badId, fc.uuid().map(String));
  const path = fc.tuple(...pathParams.map(() => idArb)).map((values) => {
    let p = op.path;
    pathParams.forEach((param, i) => (p = p.replace(`{${param.name}}`, values[i])));
    return p;
  });
  const query = fc
    .tuple(
      fc.subarray(queryParams.map((q) => q.name)),
      fc.array(badQueryText, { minLength: 6, maxLength: 6 }),
      fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }).map(encodeURIComponent), badQueryText)),
      fc.boolean(),
    )
    .map(([names, values, unknown, repeat]) => {
      const parts = names.map((n, i) => `${n}=${values[i % values.length]}`);
      if (repeat && names[0]) parts.push(`${names[0]}=${values[5]}`);
      if (unknown) parts.push(`${unknown[0]}=${unknown[1]}`);
      return parts.join('&');
    });
  // A JSON object shaped like the declared body with one field certainly wrong, or no object at all.
  const objectBody = props.length
    ? fc
        .tuple(fc.nat({ max: props.length - 1 }), fc.dictionary(fc.constantFrom(...props.map(([k]) => k)), anyValue, { maxKeys: props.length }), fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 3 }))
        .chain(([wrongIdx, rest, unknown]) =>
          wrongFor(props[wrongIdx][1]).map((wrong) => JSON.stringify({ ...unknown, ...rest, [props[wrongIdx][0]]: wrong })),
        )
    : fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 4 }).map((o) => JSON.stringify(o));
  // A valid body with exactly one field broken: gets past every check but that field's.
  const mutated =
    baseline && props.length
      ? fc.tuple(fc.nat({ max: props.length - 1 }), fc.boolean()).chain(([i, drop]) =>
          wrongFor(props[i][1]).map((wrong) => {
            const b: Record<string, unknown> = { ...baseline, [props[i][0]]: wrong };
            if (drop && props[i][0] !== 'version') delete b[props[(i + 1) % props.length][0]];
            return JSON.stringify(b);
          }),
        )
      : objectBody;
  const body = fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 3, arbitrary: objectBody },
    { weight: 1, arbitrary: anyValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,]', 'nul', '"\\ud800"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '') },
  );
  return fc
    .record({ path, query, body: takesBody ? fc.option(body, { nil: undefined }) : fc.constant(undefined), token: tokens, contentType: contentTypes, lang: languages })
    .map((r) => ({
      method: op.method,
      url: r.query ? `${r.path}?${r.query}` : r.path,
      token: r.token,
      body: r.body,
      contentType: r.contentType,
      lang: r.lang,
    }));
}

describe.skipIf(!dbAvailable)('fuzz: generated bad requests to every operation', () => {
  let s: TestServer;
  let ops: Operation[];
  let tokens: fc.Arbitrary<string | undefined>;
  const failures: string[] = [];
  const baselines = new Map<string, Record<string, unknown>>();
  const knownIds = new Map<string, string[]>();

  const rowCounts = async (): Promise<Record<string, number>> => {
    const res = (await s.ctx.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as unknown;
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Array<{ table_name: string }>;
    const counts: Record<string, number> = {};
    for (const { table_name: t } of rows) {
      if (GROWS_ON_READ.has(t) || t.startsWith('__drizzle')) continue;
      const r = (await s.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(t)}`)) as unknown;
      counts[t] = ((Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Array<{ n: number }>)[0].n;
    }
    return counts;
  };

  /** Sends one request and records what breaks the contract. */
  const check = async (req: Sent) => {
    const headers: Record<string, string> = {};
    if (req.token) headers.authorization = req.token;
    if (req.body !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
    if (req.lang) headers['accept-language'] = req.lang;
    const res = await fetch(s.baseUrl + req.url, { method: req.method, headers, body: req.body });
    const text = await res.text();
    const where = `${req.method} ${req.url.slice(0, 200)} body=${(req.body ?? '').slice(0, 200)} -> ${res.status}`;
    if (res.status >= 500) failures.push(`${where}: ${text.slice(0, 200)}`);
    const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
    // A file is a file: an export, an import template, an upload's bytes or the docs viewer may answer 200 in its own type.
    const pathOnly = new URL(res.url).pathname; // as sent: the URL parser resolves '%2E%2E' segments
    if (!isJson && res.status === 200 && (/\/(export|content|import\/template)$/.test(pathOnly) || pathOnly.startsWith('/api/docs'))) return;
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      // /api/rest answers in simple-rest's convention: an error is {statusCode, message, errors?}, a success bare.
      if (pathOnly.startsWith('/api/rest/')) {
        const keys = Object.keys(body).filter((k) => k !== 'errors').sort().join();
        if (res.status >= 400 && (keys !== 'message,statusCode' || body.statusCode !== res.status || typeof body.message !== 'string')) failures.push(`${where}: not a simple-rest error ${text.slice(0, 120)}`);
      } else if (Object.keys(body).sort().join() !== 'code,data,msg' || body.code !== res.status || typeof body.msg !== 'string') failures.push(`${where}: not an envelope ${text.slice(0, 120)}`);
      if (/FST_|ERR_|at \w+ \(/.test(text)) failures.push(`${where}: internals leaked ${text.slice(0, 120)}`);
    } catch {
      failures.push(`${where}: not JSON ${text.slice(0, 80)}`);
    }
  };

  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000031', ADMIN_PASSWORD: 'Admin#2026' });
    const owner = await signedIn(s, { userType: 'enterprise', enterpriseName: 'Fuzz Trading Co' });
    await approveAccount(s, owner.phone);
    const personal = await signedIn(s);
    const opsToken = (await loginPassword(s, '13800000031', 'Admin#2026')).body.data.access_token;
    // Reads that record something once (an accepted agreement) have done so before counting.
    for (const t of [owner.token, personal.token, opsToken]) {
      for (const p of ['lsf', 'xhn', 'szdj', 'jjsk']) await s.call('GET', `/api/system/LoginPlatform/confirm?platform=${p}`, { token: t });
    }
    tokens = fc.constantFrom<string | undefined>(owner.token, owner.token, personal.token, opsToken, undefined, 'not-a-token', 'Bearer \u00ff');
    const doc = (await (await fetch(`${s.baseUrl}/api/docs/json`)).json()) as Parameters<typeof operationsOf>[0];
    ops = operationsOf(doc);
    // One valid record per resource (where a valid example is easy to make): its body is the
    // baseline that mutated requests break one field of, its id a path that exists.
    for (const op of ops) {
      const m = /^\/api\/r\/([^/{]+)$/.exec(op.path);
      if (op.method !== 'POST' || !m || !op.body) continue;
      const example = exampleOf(op.body) as Record<string, unknown>;
      const res = await s.call<{ id: string; version: number }>('POST', op.path, { token: owner.token, body: example });
      if (res.status !== 200) continue;
      baselines.set(`POST ${op.path}`, example);
      baselines.set(`PUT ${op.path}/{id}`, { ...example, version: res.body.data.version });
      knownIds.set(op.path, [res.body.data.id]);
    }
  });
  afterAll(() => s?.close());

  // A bound, not a pause: ~70 operations x RUNS requests took 126 s on a loaded 2-core machine.
  it('answers every generated bad request below 500 with an envelope and writes nothing', { timeout: 120_000 + RUNS * 6_000 }, async () => {
    expect(ops.length).toBeGreaterThan(40);
    // The registry's resources all got a baseline record: mutations reach the database layer.
    expect(baselines.size).toBeGreaterThanOrEqual(2);
    const before = await rowCounts();
    let sent = 0;
    for (const op of ops) {
      // Signing out would end the session the other requests use; it is fuzzed without a token.
      const signOut = op.method === 'DELETE' && op.path === '/api/logout';
      const base = /^\/api\/r\/[^/{]+/.exec(op.path)?.[0] ?? '';
      // A real id only where the request stays invalid anyway: a delete or an action without
      // input on an existing record would be a valid request, and do its work.
      const realIds = op.method === 'GET' || op.method === 'PUT' ? knownIds.get(base) : undefined;
      const arb = requestsFor(op, signOut ? fc.constantFrom<string | undefined>(undefined, 'not-a-token') : tokens, baselines.get(`${op.method} ${op.path}`), realIds);
      await fc.assert(
        fc.asyncProperty(arb, async (req) => {
          sent += 1;
          await check(req);
        }),
        { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
      );
    }
    // Paths nobody declared, under /api and with odd methods.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.array(fc.oneof(badId, fc.constantFrom('r', 'system', 'notice', 'ops', 'docs', 'purchaseOffers', 'actions')), { minLength: 1, maxLength: 5 }),
        tokens,
        async (method, segments, token) => {
          sent += 1;
          await check({ method, url: `/api/${segments.join('/')}`, token, body: method === 'GET' ? undefined : '{}' });
        },
      ),
      { numRuns: RUNS * 10 },
    );
    expect(failures.slice(0, 20)).toEqual([]);
    // Which tables grew, if any (an empty object when nothing was written).
    const after = await rowCounts();
    expect(Object.fromEntries(Object.entries(after).filter(([t, n]) => n !== before[t]))).toEqual({});
    expect(sent).toBeGreaterThan(ops.length * RUNS);
  });
});
