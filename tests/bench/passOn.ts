// npm run bench passOn: passing part of a confirmed bill on, and accepting it, at 50 clients on
// PostgreSQL (issue 31, "Figures for the closing note": p99 of passing on a part and of accepting
// it at 50 clients). Prints figures; never fails on a number.
//
// The world (tests/support/world.ts, made over the API as users make it): one payer; CLIENTS
// holders, each holding a confirmed bill of the payer and owing its own receiver a confirmed bill
// (so the receiver is its creditor, whom it may pass a part to). A round: every holder passes
// PARTS parts of its bill to its receiver one after another, all holders at once (POST
// /api/r/bills/:id/actions/passOn with its SMS code and an Idempotency-Key); then every receiver
// accepts its offers one after another, all receivers at once (POST
// /api/r/billTransfers/:id/actions/accept: the split, in one transaction). The SMS code is
// written before each call (the row the SMS module writes: the code "arrives") and is not timed.
// The clients run on the server's thread (fetch): their cost is in the figures.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { configFromEnv } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/client';
import { resourceRecords } from '../../src/server/db/schema';
import { domains } from '../../src/server/domains';
import { checkLedger, ledgerInvariants, ledgerSound } from '../../src/server/ledger/invariants';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { percentile } from '../support/money-load';
import { RUNNER_ENV } from '../support/runner-env';
import { startPg } from '../support/pg-cluster';
import { storedCode } from '../support/smsCodes';
import { World, type Party } from '../support/world';

const CLIENTS = 50;
const PARTS = Number(process.env.LSF_BENCH_PARTS ?? 4);
const OPS = { phone: '13800000095', password: 'Ops#PassOn2026' };
interface Timed {
  ms: number;
  status: number;
}

/** POST as `token` with a fresh Idempotency-Key, timed from send to the whole answer read. */
async function post(base: string, token: string, path: string, body: unknown): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(base + path, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

const figures = (label: string, calls: Timed[], seconds: number) => {
  const ms = calls.filter((c) => c.status === 200).map((c) => c.ms).sort((a, b) => a - b);
  const failed = calls.length - ms.length;
  console.log(
    `passOn[postgres]: ${label}: ${ms.length} at ${CLIENTS} clients in ${seconds.toFixed(1)} s (${(ms.length / seconds).toFixed(1)}/s), p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${(ms.at(-1) ?? 0).toFixed(0)} ms${failed ? `, ${failed} not 200: ${[...new Set(calls.filter((c) => c.status !== 200).map((c) => c.status))].join(',')}` : ''}`,
  );
};

/** The offers waiting for the receiver's answer, oldest first. */
async function offersTo(db: Db, receiverAccountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: resourceRecords.id })
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, 'billTransfers'), eq(resourceRecords.state, 'offered'), sql`${resourceRecords.parties}->>'receiver' = ${receiverAccountId}`))
    .orderBy(resourceRecords.createdAt);
  return rows.map((r) => r.id);
}

export async function benchPassOn(): Promise<void> {
  const pg = await startPg();
  if (!pg) {
    console.log('passOn[postgres]: no PostgreSQL available (TEST_DATABASE_URL or apt package postgresql); skipped');
    return;
  }
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  const name = `lsf_bench_passon_${Date.now()}`;
  try {
    await admin.unsafe(`create database ${name}`);
    const url = new URL(pg.url);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), maxConnections: CLIENTS });
    const clock = new ManualClock(Date.now());
    const { app } = await buildApp({ config: { ...configFromEnv({ ...process.env, ...RUNNER_ENV, ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password }), webDist: undefined }, database, clock, sms: consoleSmsProvider(() => {}) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const world = new World({ baseUrl: base, clock, ops: OPS });
      const made = performance.now();
      const payer = await world.party({ name: '转让压测付款方有限公司', approved: true });
      const pairs: { holder: Party; receiver: Party; bill: string }[] = [];
      for (let i = 0; i < CLIENTS; i += 1) {
        const holder = await world.party({ name: `转让压测持有方${i}有限公司`, approved: true });
        const receiver = await world.party({ name: `转让压测受让方${i}有限公司`, approved: true });
        const bill = await world.bill({ state: 'confirmed', payer, payee: holder, amount: '20000.00' });
        await world.bill({ state: 'confirmed', payer: holder, payee: receiver, amount: '10000.00' });
        pairs.push({ holder, receiver, bill: bill.id });
      }
      console.log(`passOn[postgres]: world of ${CLIENTS} holders, their receivers and bills made over the API in ${((performance.now() - made) / 1000).toFixed(0)} s`);

      const passes: Timed[] = [];
      let started = performance.now();
      await Promise.all(
        pairs.map(async ({ holder, receiver, bill }) => {
          for (let part = 0; part < PARTS; part += 1) {
            const smsCode = await storedCode(database.db, clock.now(), holder.phone);
            passes.push(await post(base, holder.token, `/api/r/bills/${bill}/actions/passOn`, { passAmount: '1000.00', receiverId: receiver.accountId, smsCode }));
          }
        }),
      );
      figures('pass on a part (offer)', passes, (performance.now() - started) / 1000);

      const accepts: Timed[] = [];
      started = performance.now();
      await Promise.all(
        pairs.map(async ({ receiver }) => {
          for (const offer of await offersTo(database.db, receiver.accountId)) {
            const smsCode = await storedCode(database.db, clock.now(), receiver.phone);
            accepts.push(await post(base, receiver.token, `/api/r/billTransfers/${offer}/actions/accept`, { smsCode }));
          }
        }),
      );
      figures('accept a part (split)', accepts, (performance.now() - started) / 1000);
      const result = await checkLedger(database.db, ledgerInvariants(domains));
      console.log(`passOn[postgres]: ledger invariants after ${accepts.length} splits: ${ledgerSound(result) ? 'hold' : `broken ${JSON.stringify(result).slice(0, 300)}`}`);
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    pg.stop();
  }
}
