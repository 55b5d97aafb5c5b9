// The bench's paying clients, on a worker thread of their own (tests/bench/ledger.ts): the
// server's event loop then runs the server only, as it would with clients on other machines,
// and the clients cost as little as a load generator does (keep-alive node:http, one prepared
// statement per SMS code), since on this machine they share the cores with the server and
// PostgreSQL. Each client writes its SMS code (the row the SMS module writes, with the same
// hash: the code "arrives") and pays its next contract, one after another. The worker lives
// through the bench's rounds (started once: its start is no round's cost) and pays a round each
// time it is told to.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { SMS_CODE_TTL_MS } from '../../src/shared/constants';
import { postgresClient } from '../../src/server/db/client';
import { hashCode } from '../../src/server/sms/codes';
import { threadCpuMs } from './cpu';

export interface PayClientsInput {
  baseUrl: string;
  dbUrl: string;
  /** The server's clock (a ManualClock standing still), ms. */
  clockMs: number;
  clients: Array<{ phone: string; token: string; contracts: string[] }>;
}

/** What the worker is told: pay for `seconds` (a round), or end. */
export type PayClientsCommand = { seconds: number } | 'end';

/** One round's outcome. */
export interface PayClientsOutput {
  /** Per call: client ms, HTTP status, Server-Timing header. */
  calls: Array<{ ms: number; status: number; serverTiming: string | null }>;
  elapsedSeconds: number;
  /** CPU ms of this worker thread during the round (cpu.ts threadCpuMs). */
  cpuMs: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** POST `body` as JSON with a fresh Idempotency-Key; answers the status, the Server-Timing header and the client's ms. */
function post(url: URL, token: string, body: unknown): Promise<{ ms: number; status: number; serverTiming: string | null }> {
  const started = performance.now();
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { authorization: token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'idempotency-key': randomUUID() } },
      (res) => {
        res.resume();
        res.on('end', () => {
          const timing = res.headers['server-timing'];
          resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, serverTiming: typeof timing === 'string' ? timing : null });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const input = workerData as PayClientsInput;
const sql = postgresClient(input.dbUrl, { max: 5 });
/** Each client's next contract, across rounds. */
const next = input.clients.map(() => 0);
let codeSeq = 0;

/** A round: every client pays its next contracts, one after another, for `seconds`. */
async function round(seconds: number): Promise<PayClientsOutput> {
  const cpu = threadCpuMs();
  const calls: PayClientsOutput['calls'] = [];
  let started = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    input.clients.map(async (c, i) => {
      while (next[i] < c.contracts.length && Date.now() < until) {
        const code = String(100_000 + Math.floor(Math.random() * 900_000));
        // Each code a millisecond after the last: the action spends the newest (money-load.ts smsCode).
        const at = new Date(input.clockMs + (codeSeq += 1));
        await sql`insert into sms_codes (phone, scene, code_hash, created_at, expires_at)
          values (${c.phone}, 'verify', ${hashCode(c.phone, 'verify', code)}, ${at}, ${new Date(at.getTime() + SMS_CODE_TTL_MS)})`;
        if (!started) started = Date.now();
        calls.push(await post(new URL(`/api/r/contracts/${c.contracts[next[i]]}/actions/payCollateral`, input.baseUrl), c.token, { smsCode: code }));
        next[i] += 1;
      }
    }),
  );
  return { calls, elapsedSeconds: (Date.now() - started) / 1000, cpuMs: threadCpuMs() - cpu };
}

parentPort!.on('message', (command: PayClientsCommand) => {
  if (command === 'end') {
    agent.destroy();
    void sql.end().then(() => parentPort!.close());
    return;
  }
  round(command.seconds).then(
    (out) => parentPort!.postMessage(out),
    (err: unknown) => {
      throw err;
    },
  );
});
