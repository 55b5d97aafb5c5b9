// The bench's paying clients, on a worker thread of their own (tests/bench/ledger.ts): the
// server's event loop then runs the server only, as it would with clients on other machines, and
// its CPU per payment is the server's. Each client writes its SMS code (the row the SMS module
// writes, through its own connection) and pays its next contract, one after another.
import { parentPort, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { moneyCall, smsCode, type LoadTarget } from '../support/money-load';

export interface PayClientsInput {
  baseUrl: string;
  dbUrl: string;
  /** The server's clock (a ManualClock standing still), ms. */
  clockMs: number;
  seconds: number;
  clients: Array<{ phone: string; token: string; contracts: string[] }>;
}

export interface PayClientsOutput {
  /** Per call: client ms, HTTP status, Server-Timing header. */
  calls: Array<{ ms: number; status: number; serverTiming: string | null }>;
  /** Contracts paid (or tried) per client, in order. */
  used: number[];
  elapsedSeconds: number;
}

async function run(input: PayClientsInput): Promise<PayClientsOutput> {
  const client = postgres(input.dbUrl, { max: 5, onnotice: () => {} });
  const t: LoadTarget = { baseUrl: input.baseUrl, db: drizzle(client, { schema }) as unknown as Db, now: () => new Date(input.clockMs) };
  const calls: PayClientsOutput['calls'] = [];
  const used = input.clients.map(() => 0);
  let started = 0;
  const until = Date.now() + input.seconds * 1000;
  await Promise.all(
    input.clients.map(async (c, i) => {
      while (used[i] < c.contracts.length && Date.now() < until) {
        const code = await smsCode(t, c.phone);
        if (!started) started = Date.now();
        const res = await moneyCall(t, c.token, `/api/r/contracts/${c.contracts[used[i]]}/actions/payCollateral`, { smsCode: code });
        used[i] += 1;
        calls.push({ ms: res.ms, status: res.status, serverTiming: res.serverTiming });
      }
    }),
  );
  const elapsedSeconds = (Date.now() - started) / 1000;
  await client.end();
  return { calls, used, elapsedSeconds };
}

run(workerData as PayClientsInput).then(
  (out) => parentPort!.postMessage(out),
  (err: unknown) => {
    throw err;
  },
);
