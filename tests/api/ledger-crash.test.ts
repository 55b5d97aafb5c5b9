// A server killed in the middle of a money storm (issue 8), PostgreSQL only: the real server
// runs as a child process (src/server/main.ts, as `npm run server` starts it) on a fresh
// database; 20 clients declare deposits that ops confirm and pay the collateral of signed
// contracts, over HTTP; the process gets SIGKILL mid-storm and is started again on the same
// database. Then the six invariants hold, every acknowledged (200) confirmation and payment
// is there with its ledger transfer, and nothing is half done: each record's state and the
// ledger agree, and each wallet equals its confirmed deposits less its paid collateral.
// A request in doubt (no answer before the kill) retried with its Idempotency-Key gives 200
// and moves its money once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { yuanToFen } from '../../src/shared/money';
import { openDatabase, type Database } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/rows';
import { resourceRecords } from '../../src/server/db/schema';
import { walletFigures } from '../../src/server/ledger/accounts';
import { checkLedger } from '../../src/server/ledger/invariants';
import { allLedgerInvariants } from '../support/ledger';
import { call, copyContracts, depositBody, loadParties, moneyCall, opsSession, signedContractOver, smsCode, type LoadTarget } from '../support/money-load';
import { dbAvailable, testDbKind } from '../support/server';
import { freePort } from '../support/ports';

const root = path.resolve(__dirname, '../..');
const ADMIN_PHONE = '13800000071';
const CLIENTS = 20;
const COLLATERAL = 1_600_000n;


interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

function startServer(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'development', ...env },
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return { child, output: () => out, exited };
}

async function waitHealthy(base: string, proc: Proc): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy: ${proc.output()}`);
}

describe.skipIf(!dbAvailable || testDbKind !== 'postgres')('ledger: SIGKILL in a transfer storm, then restart', () => {
  const name = `lsf_crash_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-crash-'));
  let admin: postgres.Sql;
  let url: string;
  let database: Database;
  let env: Record<string, string>;
  let base: string;
  const procs: Proc[] = [];
  beforeAll(async () => {
    const adminUrl = inject('pgUrl')!;
    admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = { DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PHONE, ADMIN_PASSWORD: 'Admin#2026' };
  });
  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await database?.close();
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged transfer and a sound ledger, with nothing half done', async () => {
    const first = startServer(env);
    procs.push(first);
    await waitHealthy(base, first);
    database = await openDatabase({ url, maxConnections: 5 });
    const t: LoadTarget = { baseUrl: base, db: database.db, now: () => new Date() };
    const ops = await opsSession(t, ADMIN_PHONE);
    const parties = await loadParties(t, CLIENTS, 'Crash');
    const template = await signedContractOver(t, parties[0], parties[1], 'Crash contract');
    const perClient = 40;
    const pairs = parties.flatMap((buyer, i) => Array.from({ length: perClient }, () => ({ buyer, seller: parties[(i + 1) % CLIENTS] })));
    const contractIds = await copyContracts(t, template, pairs);
    const buyerOf = new Map(contractIds.map((id, n) => [id, pairs[n].buyer]));

    // The storm: each client alternates a deposit (declared, then confirmed by ops) and a collateral payment.
    const acked = { deposits: new Set<string>(), payments: new Set<string>() };
    const inDoubt: Array<{ path: string; token: string; key: string; body: Record<string, unknown> }> = [];
    const depositIds: string[] = [];
    let killed = false;
    let answered = 0;
    const storm = Promise.all(
      parties.map(async (me, i) => {
        for (let k = 0; !killed && k < perClient; k += 1) {
          try {
            const declared = await call(t, 'POST', '/api/r/deposits', me.token, depositBody('20000.00'));
            if (declared.status !== 200) continue;
            depositIds.push(declared.body.data.id);
            const confirm = { path: `/api/r/deposits/${declared.body.data.id}/actions/confirm`, token: ops, key: randomUUID(), body: {} };
            inDoubt.push(confirm);
            const confirmed = await moneyCall(t, ops, confirm.path, confirm.body, confirm.key);
            inDoubt.pop();
            if (confirmed.status === 200) acked.deposits.add(declared.body.data.id);
            answered += 1;
            const id = contractIds[i * perClient + k];
            const pay = { path: `/api/r/contracts/${id}/actions/payCollateral`, token: me.token, key: randomUUID(), body: { smsCode: await smsCode(t, me.phone) } };
            inDoubt.push(pay);
            const paid = await moneyCall(t, me.token, pay.path, pay.body, pay.key);
            inDoubt.splice(inDoubt.indexOf(pay), 1);
            if (paid.status === 200) acked.payments.add(id);
            answered += 1;
          } catch {
            // The server is gone: whatever was in flight is in doubt (kept in inDoubt).
            return;
          }
        }
      }),
    );
    // Kill it mid-storm, once a good number of steps have been answered.
    for (let i = 0; i < 300 && answered < 150; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await storm;
    console.log(`ledger-crash: killed after ${answered} answers: ${acked.deposits.size} confirmations and ${acked.payments.size} payments acknowledged, ${inDoubt.length} requests in doubt`);

    const second = startServer(env);
    procs.push(second);
    await waitHealthy(base, second);

    const check = async () => {
      expect(await checkLedger(database.db, allLedgerInvariants)).toEqual({ zeroSum: [], noNegative: [], holdResolvedOnce: [], balancesMatchTransfers: [], linesMatchTransfers: [], escrowPerContract: [], dailyMovesMatchLines: [], billOpenAmounts: [], billFamilies: [] });
      const keys = new Set((await queryRows<{ key: string }>(database.db, sql`select key from ledger_transfers`)).map((r) => r.key));
      const deposits = await database.db.select({ id: resourceRecords.id, state: resourceRecords.state, data: resourceRecords.data, accountId: resourceRecords.accountId }).from(resourceRecords).where(inArray(resourceRecords.id, depositIds));
      const contracts = await database.db.select({ id: resourceRecords.id, state: resourceRecords.state }).from(resourceRecords).where(inArray(resourceRecords.id, contractIds));
      // Every acknowledged step is there, with its transfer.
      for (const id of acked.deposits) expect({ id, state: deposits.find((d) => d.id === id)?.state, moved: keys.has(`deposit:${id}`) }).toEqual({ id, state: 'confirmed', moved: true });
      for (const id of acked.payments) expect({ id, state: contracts.find((c) => c.id === id)?.state, moved: keys.has(`collateral:${id}`) }).toEqual({ id, state: 'collateralPaid', moved: true });
      // Nothing half done: a record's state and its transfer go together, acknowledged or not.
      for (const d of deposits) expect({ id: d.id, moved: keys.has(`deposit:${d.id}`) }).toEqual({ id: d.id, moved: d.state === 'confirmed' });
      for (const c of contracts) expect({ id: c.id, moved: keys.has(`collateral:${c.id}`) }).toEqual({ id: c.id, moved: c.state === 'collateralPaid' });
      // Each wallet: its confirmed deposits less the collateral it paid.
      for (const p of parties) {
        const depositsIn = deposits.filter((d) => d.accountId === p.accountId && d.state === 'confirmed').reduce((n, d) => n + yuanToFen(String(d.data.amount)), 0n);
        const paidOut = BigInt(contracts.filter((c) => c.state === 'collateralPaid' && buyerOf.get(c.id) === p).length) * COLLATERAL;
        expect({ account: p.name, ...(await walletFigures(database.db, p.accountId)) }).toMatchObject({ account: p.name, available: depositsIn - paidOut, escrow: paidOut });
      }
    };
    await check();

    // A request in doubt, sent again as it was (same body, same key) after the restart: 200
    // (the stored answer if it had committed, else it runs now), its money moved once.
    for (const r of inDoubt) {
      const again = await moneyCall(t, r.token, r.path, r.body, r.key);
      expect(again.status, again.text).toBe(200);
      if (again.status === 200 && r.path.includes('deposits')) acked.deposits.add(r.path.split('/')[4]);
      if (again.status === 200 && r.path.includes('payCollateral')) acked.payments.add(r.path.split('/')[4]);
    }
    await check();
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ledger_transfers`);
    expect(n).toBeGreaterThan(0);
    expect((await database.db.select().from(resourceRecords).where(eq(resourceRecords.resource, 'deposits'))).length).toBeGreaterThanOrEqual(acked.deposits.size);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 120_000);
});
