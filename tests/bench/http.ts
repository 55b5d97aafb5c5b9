// What the HTTP benchmarks share: inserting seed rows in batches, a server over a seeded
// database, and timing sequential GETs as percentiles.
import type { DomainContext } from '../../src/server/domain';
import { buildApp } from '../../src/server/app';
import { configFromEnv } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { consoleSmsProvider } from '../../src/server/sms/provider';

const BATCH = 2_000;

export async function inBatches<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** The API over `database` on a free port: its base URL (`.../api/`) and how to stop it. */
export async function benchServer(database: Database): Promise<{ api: string; ctx: DomainContext; close: () => Promise<void> }> {
  const { app, ctx } = await buildApp({ config: { ...configFromEnv({}), webDist: undefined }, database, sms: consoleSmsProvider(() => {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { api: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/`, ctx, close: () => app.close() };
}

/** `runs` sequential GETs of `url` after `warmup` untimed ones: the times ascending, and the last answer's data. */
export async function timeGet<T>(url: string, token: string, runs: number, warmup = 5): Promise<{ times: number[]; last: T }> {
  const get = async () => {
    const res = await fetch(url, { headers: { authorization: token } });
    const body = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  for (let i = 0; i < warmup; i += 1) await get();
  const times: number[] = [];
  let last = await get();
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    last = await get();
    times.push(performance.now() - t0);
  }
  return { times: times.sort((a, b) => a - b), last };
}
