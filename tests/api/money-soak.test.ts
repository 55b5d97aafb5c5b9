// Money soak (issue 8), PostgreSQL only: 50 clients, each an approved account, spend a bounded
// time doing random deposits (declare, ops confirm or reject), withdrawals (request, submit
// with a code, ops complete or fail) and contract flows (pay the collateral, the seller
// delivers, the buyer confirms or objects, ops refund or release) over the real HTTP API,
// concurrently. Then the six invariants hold, every wallet equals what the acknowledged (200)
// answers imply, the platform's accounts too, and the contracts' states agree with the ledger.
// The choices come from a seeded generator: LSF_SOAK_SEED=<seed printed> replays them.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from '../../src/shared/money';
import { queryRows } from '../../src/server/db/rows';
import { PLATFORM, walletFigures } from '../../src/server/ledger/accounts';
import { checkLedger } from '../../src/server/ledger/invariants';
import { call, copyContracts, depositBody, fundAll, loadParties, moneyCall, opsSession, seeded, signedContractOver, smsCode, statesOf, type LoadParty, type LoadTarget } from '../support/money-load';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';

const CLIENTS = 50;
const CONTRACTS_EACH = 6;
const SECONDS = Number(process.env.LSF_SOAK_SECONDS ?? 12);
const SEED = Number(process.env.LSF_SOAK_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ADMIN_PHONE = '13800000061';
const COLLATERAL = 1_600_000n; // 16,000.00 on each copied contract (20% of 80,000.00)

interface Expected {
  available: bigint;
  held: bigint;
  escrow: bigint;
  objectionDeposits: bigint;
}

describe.skipIf(!dbAvailable || testDbKind !== 'postgres')('money soak: 50 clients, random money flows, then the books balance', () => {
  let s: TestServer;
  let t: LoadTarget;
  let ops: string;
  let parties: LoadParty[];
  let pools: string[][];
  /** The seller of each copied contract, by contract id. */
  const sellerOf = new Map<string, string>();
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE, ADMIN_PASSWORD: 'Admin#2026' });
    t = { baseUrl: s.baseUrl, db: s.ctx.db, now: () => s.clock.now() };
    ops = await opsSession(t, ADMIN_PHONE);
    parties = await loadParties(t, CLIENTS, 'Soak');
    const template = await signedContractOver(t, parties[0], parties[1], 'Soak contract');
    const pairs = parties.flatMap((buyer, i) => Array.from({ length: CONTRACTS_EACH }, (_, k) => ({ buyer, seller: parties[(i + 1 + k) % CLIENTS] })));
    const ids = await copyContracts(t, template, pairs);
    pools = parties.map((_, i) => ids.slice(i * CONTRACTS_EACH, (i + 1) * CONTRACTS_EACH));
    ids.forEach((id, n) => sellerOf.set(id, pairs[n].seller.accountId));
  });
  afterAll(() => s?.close());

  it(`keeps the ledger sound and equal to the acknowledged operations (seed ${SEED})`, async () => {
    console.log(`money-soak: seed ${SEED} (LSF_SOAK_SEED=${SEED} replays the choices), ${CLIENTS} clients, ${SECONDS} s`);
    const expected = new Map<string, Expected>(parties.map((p) => [p.accountId, { available: 0n, held: 0n, escrow: 0n, objectionDeposits: 0n }]));
    const of = (p: LoadParty) => expected.get(p.accountId)!;
    let fees = 0n;
    let bankNet = 0n; // bank clearing's balance: withdrawals paid out minus deposits confirmed
    const statuses = new Map<string, number>();
    const unexpected: string[] = [];
    const count = (what: string, a: { status: number; text: string }, allowed: number[] = [200]) => {
      statuses.set(`${what} ${a.status}`, (statuses.get(`${what} ${a.status}`) ?? 0) + 1);
      if (!allowed.includes(a.status)) unexpected.push(`${what} ${a.status} ${a.text.slice(0, 200)}`);
      return a.status === 200;
    };
    await fundAll(t, parties, ops, '30000.00');
    for (const p of parties) of(p).available += 3_000_000n;
    bankNet -= 3_000_000n * BigInt(CLIENTS);

    const until = Date.now() + SECONDS * 1000;
    let replays = 0;
    await Promise.all(
      parties.map(async (me, i) => {
        const rnd = seeded(SEED + i);
        const fen = (min: number, max: number) => BigInt(min + Math.floor(rnd() * (max - min + 1)));
        const contracts = [...pools[i]];
        const coded = async (path: string, body: Record<string, unknown> = {}) => moneyCall(t, me.token, path, { ...body, smsCode: await smsCode(t, me.phone) });

        const deposit = async () => {
          const amount = fen(100, 500_000);
          const declared = await call(t, 'POST', '/api/r/deposits', me.token, depositBody(fenToYuan(amount)));
          if (!count('declare', declared)) return;
          const path = `/api/r/deposits/${declared.body.data.id}/actions/`;
          if (rnd() < 0.1) {
            count('reject', await call(t, 'POST', `${path}reject`, ops, { reason: 'Not on the statement' }));
            return;
          }
          const key = randomUUID();
          const confirmed = await moneyCall(t, ops, `${path}confirm`, {}, key);
          if (count('confirm', confirmed)) {
            of(me).available += amount;
            bankNet -= amount;
            // A replay of the same intent answers the same bytes and moves nothing more.
            if (rnd() < 0.2) {
              replays += 1;
              const again = await moneyCall(t, ops, `${path}confirm`, {}, key);
              if (again.status !== 200 || again.text !== confirmed.text) unexpected.push(`replay ${again.status}`);
            }
          }
        };

        const withdraw = async () => {
          const room = of(me).available;
          if (room < 100n) return deposit();
          const amount = fen(1, Number(room < 300_000n ? room : 300_000n));
          const draft = await call(t, 'POST', '/api/r/withdrawals', me.token, { amount: fenToYuan(amount), bankAccount: '1', remark: 'soak' });
          if (!count('request', draft)) return;
          const id = draft.body.data.id;
          if (!count('submit', await coded(`/api/r/withdrawals/${id}/actions/submit`))) return;
          of(me).available -= amount;
          of(me).held += amount;
          if (rnd() < 0.6) {
            if (count('complete', await moneyCall(t, ops, `/api/r/withdrawals/${id}/actions/complete`))) {
              of(me).held -= amount;
              bankNet += amount;
            }
          } else if (count('fail', await moneyCall(t, ops, `/api/r/withdrawals/${id}/actions/fail`, { reason: 'Account closed' }))) {
            of(me).held -= amount;
            of(me).available += amount;
          }
        };

        const settleDeposit = (outcome: 'refund' | 'forfeit', objectionFen: bigint) => {
          of(me).objectionDeposits -= objectionFen;
          if (outcome === 'refund') of(me).available += objectionFen;
          else fees += objectionFen;
        };

        const contractFlow = async () => {
          const id = contracts.shift();
          if (!id) return deposit();
          const paid = await coded(`/api/r/contracts/${id}/actions/payCollateral`);
          // Not enough money is an answer too (409): the contract stays signed, nothing moved.
          if (!count('pay', paid, [200, 409])) return;
          of(me).available -= COLLATERAL;
          of(me).escrow += COLLATERAL;
          const sellerParty = parties.find((p) => p.accountId === sellerOf.get(id))!;
          const release = () => {
            of(me).escrow -= COLLATERAL;
            of(sellerParty).available += COLLATERAL;
          };
          const deliver = async () => count('deliver', await moneyCall(t, sellerParty.token, `/api/r/contracts/${id}/actions/deliver`, { deliveryNote: 'Shipped' }));
          const confirm = async () => {
            if (count('confirmReceipt', await coded(`/api/r/contracts/${id}/actions/confirmReceipt`))) release();
          };
          // Mostly the seller delivers first; sometimes the buyer objects before any delivery.
          const delivered = rnd() < 0.8 && (await deliver());
          if (delivered && rnd() < 0.55) return confirm();
          const objected = await coded(`/api/r/contracts/${id}/actions/object`, { objectionReason: 'Goods not as agreed' });
          // An objection deposit the buyer cannot cover (409): it confirms receipt after all.
          if (!count('object', objected, [200, 409])) {
            if (delivered || (await deliver())) await confirm();
            return;
          }
          const objectionFen = yuanToFen(String(objected.body.data.objectionDeposit));
          of(me).available -= objectionFen;
          of(me).objectionDeposits += objectionFen;
          const outcome = rnd() < 0.5 ? 'refund' : 'forfeit';
          if (rnd() < 0.5) {
            if (count('resolveRefund', await moneyCall(t, ops, `/api/r/contracts/${id}/actions/resolveRefund`, { resolution: 'Refund', deposit: outcome }))) {
              of(me).escrow -= COLLATERAL;
              of(me).available += COLLATERAL;
              settleDeposit(outcome, objectionFen);
            }
          } else if (count('resolveRelease', await moneyCall(t, ops, `/api/r/contracts/${id}/actions/resolveRelease`, { resolution: 'Release', deposit: outcome }))) {
            release();
            settleDeposit(outcome, objectionFen);
          }
        };

        while (Date.now() < until) {
          const r = rnd();
          await (r < 0.3 ? deposit() : r < 0.55 ? withdraw() : contractFlow());
        }
      }),
    );
    console.log(`money-soak: answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, ${replays} replays`);
    expect(unexpected).toEqual([]);

    // The six invariants.
    expect(await checkLedger(s.ctx.db, s.ctx.ledgerInvariants)).toEqual({ zeroSum: [], noNegative: [], holdResolvedOnce: [], balancesMatchTransfers: [], linesMatchTransfers: [], escrowPerContract: [], dailyMovesMatchLines: [], billOpenAmounts: [], billFamilies: [] });
    // Every wallet is what the acknowledged answers say.
    for (const p of parties) expect({ account: p.name, ...(await walletFigures(s.ctx.db, p.accountId)) }).toEqual({ account: p.name, ...of(p) });
    // The platform's accounts too: bank clearing, escrow and objection deposits (the open holds), fees.
    const platform = new Map(
      (await queryRows<{ id: string; posted: string; pending: string }>(s.ctx.db, sql`select id, (credits_posted - debits_posted)::text as posted, (credits_pending - debits_pending)::text as pending from ledger_accounts where owner_account_id is null`)).map((r) => [r.id, r]),
    );
    const sum = (pick: (e: Expected) => bigint) => [...expected.values()].reduce((n, e) => n + pick(e), 0n);
    expect(BigInt(platform.get(PLATFORM.bankClearing)!.posted)).toBe(bankNet);
    expect(BigInt(platform.get(PLATFORM.bankClearing)!.pending)).toBe(sum((e) => e.held));
    expect(BigInt(platform.get(PLATFORM.escrow)!.pending)).toBe(sum((e) => e.escrow));
    expect(BigInt(platform.get(PLATFORM.escrow)!.posted)).toBe(0n);
    expect(BigInt(platform.get(PLATFORM.objectionDeposits)!.pending)).toBe(sum((e) => e.objectionDeposits));
    expect(BigInt(platform.get(PLATFORM.fees)!.posted)).toBe(fees);

    // Business state and ledger agree: each contract's state says which of its money steps happened.
    const ids = pools.flat();
    const states = await statesOf(s.ctx.db, ids);
    const keys = new Set((await queryRows<{ key: string }>(s.ctx.db, sql`select key from ledger_transfers where ref_resource = 'contracts'`)).map((r) => r.key));
    for (const id of ids) {
      const state = states.get(id);
      const has = (k: string) => keys.has(`${k}:${id}`);
      const steps = { collateral: has('collateral'), release: has('release'), refund: has('refund'), objection: has('objection') };
      const want = {
        signed: { collateral: false, release: false, refund: false },
        collateralPaid: { collateral: true, release: false, refund: false },
        delivered: { collateral: true, release: false, refund: false },
        objection: { collateral: true, release: false, refund: false, objection: true },
        completed: { collateral: true, release: true, refund: false },
        refunded: { collateral: true, release: false, refund: true, objection: true },
      }[String(state)];
      expect(want, `contract ${id} in state ${state}`).toBeDefined();
      expect(steps, `contract ${id} in state ${state}`).toMatchObject(want!);
    }
  }, 120_000);
});
