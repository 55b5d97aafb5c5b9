// Where a request's time goes, for benches only (`npm run bench ledger` prints it): with timing on
// (LSF_PHASE_TIMING=1, or phaseTiming.on set before buildApp) each request answers a
// `Server-Timing` header with the milliseconds of its phases (auth, idempotency, SMS code,
// record lock, handler, ledger, events, ...). Off (production), phase() is one boolean test and
// no hook is registered, so it costs nothing.
// Phases nest and are exclusive: a phase's time excludes the phases run inside it (the
// handler's time does not count the ledger's), so the figures add up to the request's time. A
// ledger move sent with the record's write (ActionOutcome.pending: the collateral's hold) is
// timed with it, as `ledgerAndRecordWrite`.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

export const phaseTiming = { on: process.env.LSF_PHASE_TIMING === '1' };

interface Timings {
  started: number;
  ms: Map<string, number>;
  /** Time spent in nested phases, per open phase (innermost last). */
  nested: number[];
}

const store = new AsyncLocalStorage<Timings>();

const add = (t: Timings, name: string, ms: number) => t.ms.set(name, (t.ms.get(name) ?? 0) + ms);

/** Runs `work` as phase `name` of the current request (just runs it when timing is off). */
export async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!phaseTiming.on) return work();
  const t = store.getStore();
  if (!t) return work();
  const started = performance.now();
  t.nested.push(0);
  try {
    return await work();
  } finally {
    const ms = performance.now() - started;
    add(t, name, ms - (t.nested.pop() ?? 0));
    if (t.nested.length) t.nested[t.nested.length - 1] += ms;
  }
}

/** Counts `ms` (measured by the caller) as phase `name`, e.g. the wait for a pooled connection. */
export function addPhase(name: string, ms: number): void {
  const t = phaseTiming.on ? store.getStore() : undefined;
  if (!t) return;
  add(t, name, ms);
  if (t.nested.length) t.nested[t.nested.length - 1] += ms;
}

/** Registers the hooks that time each request, when timing is on at start (a bench). */
export function timePhases(app: FastifyInstance): void {
  if (!phaseTiming.on) return;
  // Callback style, so the rest of the request runs inside the store's context; skipped while
  // timing is switched off again (a bench's untimed pass).
  app.addHook('onRequest', (_req, _reply, done) => (phaseTiming.on ? store.run({ started: performance.now(), ms: new Map(), nested: [] }, done) : done()));
  app.addHook('onSend', async (_req, reply, payload) => {
    const t = store.getStore();
    if (!t) return payload;
    const parts = [...t.ms].map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`);
    reply.header('server-timing', [...parts, `total;dur=${(performance.now() - t.started).toFixed(2)}`].join(', '));
    return payload;
  });
}
