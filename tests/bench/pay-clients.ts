// The bench's paying clients, on a worker thread of their own (tests/bench/ledger.ts): the
// server's event loop then runs the server only, as it would with clients on other machines,
// and the clients cost as little as a load generator does (keep-alive node:http, one prepared
// statement per SMS code), since on this machine they share the cores with the server and
// PostgreSQL. Each client writes its SMS code (the row the SMS module writes, with the same
// hash: the code "arrives") and pays its next contract, one after another.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import postgres from 'postgres';
import { SMS_CODE_TTL_MS } from '../../src/shared/constants';
import { hashCode } from '../../src/server/sms/codes';
import { threadCpuMs } from './cpu';

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
  /** CPU ms of this worker thread while it paid (cpu.ts threadCpuMs). */
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

async function run(input: PayClientsInput): Promise<PayClientsOutput> {
  const sql = postgres(input.dbUrl, { max: 5, onnotice: () => {} });
  const calls: PayClientsOutput['calls'] = [];
  const used = input.clients.map(() => 0);
  const cpu = threadCpuMs();
  let codeSeq = 0;
  let started = 0;
  const until = Date.now() + input.seconds * 1000;
  await Promise.all(
    input.clients.map(async (c, i) => {
      while (used[i] < c.contracts.length && Date.now() < until) {
        const code = String(100_000 + Math.floor(Math.random() * 900_000));
        // Each code a millisecond after the last: the action spends the newest (money-load.ts smsCode).
        const at = new Date(input.clockMs + (codeSeq += 1));
        await sql`insert into sms_codes (phone, scene, code_hash, created_at, expires_at)
          values (${c.phone}, 'verify', ${hashCode(c.phone, 'verify', code)}, ${at}, ${new Date(at.getTime() + SMS_CODE_TTL_MS)})`;
        if (!started) started = Date.now();
        calls.push(await post(new URL(`/api/r/contracts/${c.contracts[used[i]]}/actions/payCollateral`, input.baseUrl), c.token, { smsCode: code }));
        used[i] += 1;
      }
    }),
  );
  const elapsedSeconds = (Date.now() - started) / 1000;
  const cpuMs = threadCpuMs() - cpu;
  await sql.end();
  agent.destroy();
  return { calls, used, elapsedSeconds, cpuMs };
}

run(workerData as PayClientsInput).then(
  (out) => parentPort!.postMessage(out),
  (err: unknown) => {
    throw err;
  },
);
