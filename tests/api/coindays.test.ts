// Coin-days (issue 19, /operator/currency; DESIGN §9) on both databases. Over the API: the SPEC §7
// endpoints answer the sum over China days of the wallet's end-of-day available balance for a
// period (default this month), its daily detail with filters, totals and export, and refuse a
// bad period. On the ledger: a property test compares the SQL with a replay of the transfers,
// over random deposits, payments, holds posted and voided, many a day, across a month end, for an
// account that opens in the middle of the period.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { asc, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { accounts, ledgerTransfers } from '../../src/server/db/schema';
import { coinDaysDetail, coinDaysTotals } from '../../src/server/domains/coindays/coinDays';
import { PLATFORM, ensureWallet, walletId } from '../../src/server/ledger/accounts';
import { hold, postHold, transfer, voidHold } from '../../src/server/ledger/transfers';
import { AppError } from '../../src/server/errors';
import { chinaDay } from '../../src/shared/chinaTime';
import type { CoinDaysDetailPage, CoinDaysSummary } from '../../src/shared/coinDays';
import { fenToYuan } from '../../src/shared/money';
import { fund, money, bankedParty } from '../support/funds';
import { loginPassword, sendCode } from '../support/flows';
import { tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, openTestDatabase, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('coin-days over the API', () => {
  let s: TestServer;
  let ops: string;
  let holder: TradingParty;
  let stranger: TradingParty;
  beforeAll(async () => {
    // The clock starts on 2026-11-20 10:00 China time.
    s = await startTestServer({ ADMIN_PHONE: '13800000191', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000191', 'Admin#2026')).body.data.access_token;
    holder = await bankedParty(s, '杭州币天测试有限公司');
    stranger = await tradingParty(s, '宁波币天无关有限公司');
    await fund(s, holder, ops, '50000.00');
    // Nov 21, 23:50 China (the SMS code takes the clock a minute on): a withdrawal held (counted out at once), failed by ops on Nov 22 (back).
    setClock('2026-11-21T15:50:00Z');
    const w = await s.call<{ id: string }>('POST', '/api/r/withdrawals', { token: holder.token, body: { amount: '300.00' } });
    expect(w.status).toBe(200);
    expect((await money(s, holder.token, `/api/r/withdrawals/${w.body.data.id}/actions/submit`, { smsCode: await sendCode(s, holder.phone, 'verify', holder.token) })).status).toBe(200);
    setClock('2026-11-21T16:10:00Z');
    expect((await money(s, ops, `/api/r/withdrawals/${w.body.data.id}/actions/fail`, { reason: '户名不符' })).status).toBe(200);
    await fund(s, holder, ops, '1000.55');
    // Today is Nov 22 (China).
    setClock('2026-11-22T08:00:00Z');
  });
  afterAll(() => s?.close());
  function setClock(iso: string) {
    s.clock.advance(Date.parse(iso) - s.clock.now().getTime());
  }

  const summary = async (token: string, query = '') => {
    const res = await s.call<CoinDaysSummary>('GET', `/api/system/personal/getcoindays${query}`, { token });
    expect(res.status, query).toBe(200);
    return res.body.data;
  };
  const detail = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await s.call<CoinDaysDetailPage>('POST', '/api/system/personal/coindaysdetail', { token, body });
    expect(res.status, JSON.stringify(body)).toBe(200);
    return res.body.data;
  };

  it('sums this month by default: days before the first deposit count 0, days after today are not counted yet', async () => {
    // Nov 1-19: 0; Nov 20: 50000; Nov 21: 49700 (the hold at 23:51); Nov 22: 50000 + 1000.55.
    expect(await summary(holder.token)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      countedTo: '2026-11-22',
      days: 22,
      coinDays: '150700.55',
      averageBalance: '6850.03',
      closingBalance: '51000.55',
    });
    expect(await summary(holder.token, '?from=2026-11-21&to=2026-11-21')).toMatchObject({ days: 1, coinDays: '49700.00', closingBalance: '49700.00' });
    expect(await summary(holder.token, '?from=2026-12-01&to=2026-12-31')).toMatchObject({ countedTo: null, days: 0, coinDays: '0.00' });
    // Another account sees its own wallet: nothing.
    expect(await summary(stranger.token)).toMatchObject({ days: 22, coinDays: '0.00', closingBalance: '0.00' });
  });

  it('lists the days with closing balance, coin-days and cumulative, filtered, paged, with totals', async () => {
    const page = await detail(holder.token, { from: '2026-11-19', to: '2026-11-30', pageSize: 10 });
    expect(page.total).toBe(4);
    expect(page.records).toEqual([
      { date: '2026-11-19', closingBalance: '0.00', coinDays: '0.00', cumulative: '0.00' },
      { date: '2026-11-20', closingBalance: '50000.00', coinDays: '50000.00', cumulative: '50000.00' },
      { date: '2026-11-21', closingBalance: '49700.00', coinDays: '49700.00', cumulative: '99700.00' },
      { date: '2026-11-22', closingBalance: '51000.55', coinDays: '51000.55', cumulative: '150700.55' },
    ]);
    expect(page.totals).toEqual({ coinDays: '150700.55', periodCoinDays: '150700.55' });
    const filtered = await detail(holder.token, { from: '2026-11-19', to: '2026-11-30', minBalance: '49800', order: 'desc', pageSize: 1, pageNo: 2 });
    expect(filtered.total).toBe(2);
    expect(filtered.records.map((r) => r.date)).toEqual(['2026-11-20']);
    expect(filtered.totals).toEqual({ coinDays: '101000.55', periodCoinDays: '150700.55' });
    // The summary and the detail answer the same figures.
    const month = await detail(holder.token, { pageSize: 100 });
    expect(month.total).toBe(22);
    expect(month.totals.coinDays).toBe((await summary(holder.token)).coinDays);
  });

  it('exports the filtered days as CSV and XLSX', async () => {
    const res = await fetch(`${s.baseUrl}/api/system/personal/coindaysdetail/export?format=csv&from=2026-11-20&to=2026-11-22`, { headers: { authorization: holder.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toEqual(['日期,日终余额（元）,币天（元·天）,累计币天（元·天）', '2026-11-20,50000.00,50000.00,50000.00', '2026-11-21,49700.00,49700.00,99700.00', '2026-11-22,51000.55,51000.55,150700.55']);
    const xlsx = await fetch(`${s.baseUrl}/api/system/personal/coindaysdetail/export?from=2026-11-20&to=2026-11-22`, { headers: { authorization: holder.token, 'accept-language': 'en-US' } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a period that is not real days, runs backwards or is longer than a year; needs sign-in', async () => {
    const bad = async (query: string, field: string) => {
      const res = await s.call<Record<string, string>>('GET', `/api/system/personal/getcoindays${query}`, { token: holder.token });
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.data)).toEqual([field]);
    };
    await bad('?from=2026-02-30', 'from');
    await bad('?from=2026-11-10&to=2026-11-01', 'to');
    await bad('?from=2025-01-01&to=2026-11-01', 'to');
    const res = await s.call<Record<string, string>>('POST', '/api/system/personal/coindaysdetail', { token: holder.token, body: { minBalance: '-1' } });
    expect(res.status).toBe(400);
    // Issue 28 item 10: each bound says what is wrong; a range upside down is refused, not answered with nothing.
    const filterOf = async (body: Record<string, string>) => (await s.call<Record<string, string>>('POST', '/api/system/personal/coindaysdetail', { token: holder.token, body })).body;
    expect(await filterOf({ minBalance: '-100', maxBalance: 'abc' })).toMatchObject({ code: 400, data: { minBalance: '请输入正确的金额：不带正负号，最多两位小数', maxBalance: '请输入正确的金额：不带正负号，最多两位小数' } });
    expect(await filterOf({ minBalance: '500', maxBalance: '100' })).toMatchObject({ code: 400, data: { maxBalance: '不能低于“日终余额不低于”的金额' } });
    expect((await filterOf({ minBalance: '100', maxBalance: '100' })).code).toBe(200);
    expect((await s.call('GET', '/api/system/personal/getcoindays')).status).toBe(401);
  });
});

const DAY = 86_400_000;
const START = Date.parse('2026-01-20T16:00:00Z'); // 2026-01-21 00:00 China
const ref = { resource: 'test', id: randomUUID() };

/** Closing available balance per China day from the transfers alone (no statement line read). */
async function replay(db: Db, wallet: string, from: string, to: string): Promise<Map<string, bigint>> {
  const rows = await db.select().from(ledgerTransfers).where(or(eq(ledgerTransfers.debitAccountId, wallet), eq(ledgerTransfers.creditAccountId, wallet))).orderBy(asc(ledgerTransfers.createdAt));
  const moves: { day: string; delta: bigint }[] = [];
  for (const t of rows) {
    const debit = t.debitAccountId === wallet;
    const day = chinaDay(t.createdAt);
    if (t.pendingId === null && t.status === 'posted') moves.push({ day, delta: debit ? -t.amount : t.amount });
    else if (t.pendingId === null && t.status === 'pending') moves.push({ day, delta: debit ? -t.amount : 0n });
    else if (t.status === 'posted') moves.push({ day, delta: debit ? 0n : t.amount });
    else if (t.status === 'voided') moves.push({ day, delta: debit ? t.amount : 0n });
  }
  const out = new Map<string, bigint>();
  for (let at = Date.parse(`${from}T00:00:00Z`); ; at += DAY) {
    const day = new Date(at).toISOString().slice(0, 10);
    if (day > to) break;
    out.set(day, moves.filter((m) => m.day <= day).reduce((a, m) => a + m.delta, 0n));
  }
  return out;
}

describe.skipIf(!dbAvailable)('coin-days against a replay of the transfers', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const t = await openTestDatabase();
    db = t.database.db;
    close = t.close;
  });
  afterAll(() => close?.());

  it('equals, to the fen, the sum of the replayed end-of-day balances for any period', async () => {
    const step = fc.oneof(
      fc.record({ t: fc.constant('deposit' as const), w: fc.nat(1), fen: fc.bigInt(1n, 900_000n) }),
      fc.record({ t: fc.constant('pay' as const), w: fc.nat(1), fen: fc.bigInt(1n, 300_000n) }),
      fc.record({ t: fc.constant('hold' as const), w: fc.nat(1), toWallet: fc.boolean(), fen: fc.bigInt(1n, 300_000n) }),
      fc.record({ t: fc.constant('resolve' as const), i: fc.nat(20), post: fc.boolean() }),
    );
    // Minutes after START, sorted: many on one day, some across the month end (Jan 31 -> Feb 1).
    const timed = fc.array(fc.tuple(step, fc.integer({ min: 0, max: 20 * 24 * 60 })), { minLength: 3, maxLength: 30 });
    const period = fc.tuple(fc.integer({ min: -3, max: 20 }), fc.integer({ min: 0, max: 25 }));
    await fc.assert(
      fc.asyncProperty(timed, period, async (steps, [startDay, length]) => {
        const made = await Promise.all([0, 1].map(async () => {
          const [a] = await db.insert(accounts).values({ type: 'enterprise', name: 'Coin Co', createdAt: new Date(START), updatedAt: new Date(START) }).returning();
          return { id: a.id, wallet: await ensureWallet(db, a.id, new Date(START)) };
        }));
        const holds: { key: string; open: boolean }[] = [];
        const sorted = [...steps].sort((a, b) => a[1] - b[1]);
        for (const [o, minute] of sorted) {
          const now = new Date(START + minute * 60_000);
          const key = randomUUID();
          try {
            await db.transaction(async (tx) => {
              if (o.t === 'deposit') await transfer(tx, { debit: PLATFORM.bankClearing, credit: made[o.w].wallet, amount: o.fen, kind: 'deposit', ref, key, userId: null, now });
              if (o.t === 'pay') await transfer(tx, { debit: made[o.w].wallet, credit: made[1 - o.w].wallet, amount: o.fen, kind: 'pay', ref, key, userId: null, now });
              if (o.t === 'hold') {
                await hold(tx, { debit: made[o.w].wallet, credit: o.toWallet ? made[1 - o.w].wallet : PLATFORM.escrow, amount: o.fen, kind: 'hold', ref, key, userId: null, now });
                holds.push({ key, open: true });
              }
              if (o.t === 'resolve') {
                const h = holds.filter((x) => x.open)[o.i % Math.max(1, holds.filter((x) => x.open).length)];
                if (!h) return;
                await (o.post ? postHold : voidHold)(tx, h.key, { kind: 'resolve', key, userId: null, now });
                h.open = false;
              }
            });
          } catch (err) {
            if (!(err instanceof AppError && err.code === 409)) throw err;
          }
        }
        const from = new Date(START + startDay * DAY).toISOString().slice(0, 10);
        const to = new Date(START + (startDay + length) * DAY).toISOString().slice(0, 10);
        for (const m of made) {
          const expected = await replay(db, walletId(m.id), from, to);
          const sum = [...expected.values()].reduce((a, b) => a + b, 0n);
          const totals = await coinDaysTotals(db, m.id, { from, to });
          expect(totals.coinDaysFen).toBe(sum);
          expect(totals.days).toBe(expected.size);
          const d = await coinDaysDetail(db, m.id, { from, to }, { order: 'asc', page: null });
          let running = 0n;
          expect(d.rows.map((r) => [r.date, fenToYuan(r.closingFen), fenToYuan(r.cumulativeFen)])).toEqual(
            [...expected].map(([day, closing]) => [day, fenToYuan(closing), fenToYuan((running += closing))]),
          );
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe.skipIf(!dbAvailable)('the reports\' daily figures (their charts)', () => {
  let s: TestServer;
  let holder: TradingParty;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000193', ADMIN_PASSWORD: 'Admin#2026' });
    const ops = (await loginPassword(s, '13800000193', 'Admin#2026')).body.data.access_token;
    holder = await bankedParty(s, '杭州报表图表有限公司');
    await fund(s, holder, ops, '1000.00');
    const w = await s.call<{ id: string }>('POST', '/api/r/withdrawals', { token: holder.token, body: { amount: '120.50' } });
    expect((await money(s, holder.token, `/api/r/withdrawals/${w.body.data.id}/actions/submit`, { smsCode: await sendCode(s, holder.phone, 'verify', holder.token) })).status).toBe(200);
  });
  afterAll(() => s?.close());

  it('answers 30 China days of the withdrawals by state, the caller\'s only; an unknown report is 404', async () => {
    const res = await s.call<Record<string, string>[]>('GET', '/api/reports/withdrawals/daily', { token: holder.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(30);
    expect(res.body.data.at(-1)).toEqual({ day: chinaDay(s.clock.now()), processing: '120.50', completed: '0.00', failed: '0.00' });
    const escrow = await s.call<Record<string, string>[]>('GET', '/api/reports/escrowSettlements/daily', { token: holder.token });
    expect(escrow.body.data.at(-1)).toEqual({ day: chinaDay(s.clock.now()), release: '0.00', collateralPosted: '0.00', refund: '0.00' });
    expect((await s.call('GET', '/api/reports/contracts/daily', { token: holder.token })).status).toBe(404);
    expect((await s.call('GET', '/api/reports/withdrawals/daily')).status).toBe(401);
  });
});
