// A bill's figures have one source (issue 27 item 4): its paid, cleared and open amounts live in
// the bills table beside the ledger, and every read answers them from there (the record's own
// data holds none of them): the action's answer, the record page, the list with its filters,
// sort and totals, the export and a payment of several bills all say what the table and the
// ledger say. On both databases.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { queryRows } from '../../src/server/db/rows';
import type { Db } from '../../src/server/db/client';
import { resourceRecords, users } from '../../src/server/db/schema';
import { CLEARING_JOB, writeDownBills } from '../../src/server/domains/settlement/clearing';
import { createRecord } from '../../src/server/resources/moves';
import { money, moneySuite, signedContract, expectLedgerSound } from '../support/funds';
import { sendCode } from '../support/flows';
import { dbAvailable, type TestServer } from '../support/server';
import type { TradingParty } from '../support/trading';

const FIGURES = ['paidAmount', 'clearedAmount', 'openAmount'];

describe.skipIf(!dbAvailable)('a bill figures from its money row alone', { timeout: 240_000 }, () => {
  let s: TestServer, ops: string, buyer: TradingParty, seller: TradingParty;
  let contractId: string;
  moneySuite({ phone: '13800000071', password: 'Admin#2026' }, { buyer: '上海单源买方有限公司', seller: '江苏单源卖方有限公司', third: '单源无关第三方有限公司' }, '50000.00', (suite) => {
    ({ s, ops, buyer, seller } = suite);
  });
  beforeAll(async () => {
    contractId = (await signedContract(s, buyer, seller, '单源账单合同', { quantity: 10 })).id;
  }, 240_000);

  const withCode = async (who: TradingParty, body: Record<string, unknown> = {}) => ({ ...body, smsCode: await sendCode(s, who.phone, 'verify', who.token) });
  const act = async (who: TradingParty, id: string, action: string, body: Record<string, unknown> = {}) => {
    const res = await money(s, who.token, `/api/r/bills/${id}/actions/${action}`, await withCode(who, body));
    expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  /** A bill the seller issues and the buyer confirms. */
  const confirmedBill = async (amount: string) => {
    const issued = await s.call<ResourceRecord>('POST', '/api/r/bills', { token: seller.token, body: { contractId, amount, dueDay: '2099-06-30' } });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.data).toMatchObject({ amount, paidAmount: '0.00', clearedAmount: '0.00', openAmount: amount });
    await act(buyer, issued.body.data.id, 'confirm');
    return issued.body.data.id;
  };
  /** What the records table holds of the bill's data. */
  const stored = async (id: string) => (await s.ctx.db.select({ data: resourceRecords.data }).from(resourceRecords).where(and(eq(resourceRecords.resource, 'bills'), eq(resourceRecords.id, id))))[0].data;
  /** The bill's money row and its payments in the ledger, in yuan. */
  const sources = async (id: string) => {
    const [row] = await queryRows<{ paid: string; cleared: string; open: string; ledger: string }>(
      s.ctx.db,
      sql`select (paid_fen::numeric / 100)::numeric(20, 2)::text as paid, (cleared_fen::numeric / 100)::numeric(20, 2)::text as cleared,
            ((amount_fen - paid_fen - cleared_fen)::numeric / 100)::numeric(20, 2)::text as open,
            (coalesce((select sum(case when t.kind = 'billPaymentReversed' then -t.amount else t.amount end) from ledger_transfers t
              where t.ref_resource = 'bills' and t.ref_id = bills.record_id and t.status = 'posted'), 0)::numeric / 100)::numeric(20, 2)::text as ledger
          from bills where record_id = ${id}::uuid`,
    );
    return row;
  };
  const list = async (query: string) => (await s.call<Page<ResourceRecord> & { totals?: Record<string, string> }>('GET', `/api/r/bills?scope=payer&contractTitle=单源账单合同&${query}`, { token: buyer.token })).body.data;

  it('pays part of a bill: the answer, the page, the list, its totals and the export say what the money row and the ledger say; the record stores none of it', async () => {
    const id = await confirmedBill('1000.00');
    const paid = await act(buyer, id, 'pay', { payAmount: '250.50' });
    const expected = { state: 'partiallyPaid', amount: '1000.00', paidAmount: '250.50', clearedAmount: '0.00', openAmount: '749.50' };
    expect(paid).toMatchObject(expected);
    expect(await sources(id)).toEqual({ paid: '250.50', cleared: '0.00', open: '749.50', ledger: '250.50' });
    // The record's own data holds the bill's terms, not its figures.
    const data = await stored(id);
    expect(data).toMatchObject({ amount: '1000.00', contractTitle: '单源账单合同' });
    for (const field of FIGURES) expect(data, field).not.toHaveProperty(field);

    expect((await s.call<ResourceRecord>('GET', `/api/r/bills/${id}`, { token: buyer.token })).body.data).toMatchObject(expected);
    const page = await list('pageSize=50');
    expect(page.records.find((b) => b.id === id)).toMatchObject(expected);
    // Filtered and sorted on the open amount, read from the money row.
    const open = await list('openAmount=749.50,749.50');
    expect(open.records.map((b) => b.id)).toEqual([id]);
    expect(open.totals).toMatchObject({ amount: '1000.00', paidAmount: '250.50', openAmount: '749.50' });
    const other = await confirmedBill('300.00');
    expect((await list('sort=-openAmount')).records.map((b) => b.id).slice(0, 2)).toEqual([id, other]);
    expect((await list('sort=openAmount')).records.map((b) => b.id).slice(0, 2)).toEqual([other, id]);
    // The export of the same list.
    const csv = await (await fetch(`${s.baseUrl}/api/r/bills/export?scope=payer&format=csv&openAmount=749.50,749.50`, { headers: { authorization: buyer.token } })).text();
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const cells = row.split(',');
    expect(cells[header.split(',').indexOf('已付金额（元）')]).toBe('250.50');
    expect(cells[header.split(',').indexOf('未付金额（元）')]).toBe('749.50');
  });

  it('answers a payment of several bills, a reversal and a clearing write-down from the money row', async () => {
    const [a, b] = [await confirmedBill('400.00'), await confirmedBill('600.00')];
    const several = await money<{ bills: ResourceRecord[] }>(s, buyer.token, '/api/settlement/payments', await withCode(buyer, { items: [{ billId: a, amount: '400.00' }, { billId: b, amount: '100.00' }] }));
    expect(several.status, JSON.stringify(several.body)).toBe(200);
    const answered = new Map(several.body.data.bills.map((bill) => [bill.id, bill]));
    expect(answered.get(a)).toMatchObject({ state: 'paid', paidAmount: '400.00', openAmount: '0.00' });
    expect(answered.get(b)).toMatchObject({ state: 'partiallyPaid', paidAmount: '100.00', openAmount: '500.00' });
    // Ops reverse the payment of the first: the money row and the page say it is open again.
    const reversed = await money<ResourceRecord>(s, ops, `/api/r/bills/${a}/actions/reversePayment`, { reason: '付款有误' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.data).toMatchObject({ state: 'confirmed', paidAmount: '0.00', openAmount: '400.00' });
    expect(await sources(a)).toEqual({ paid: '0.00', cleared: '0.00', open: '400.00', ledger: '0.00' });
    // A clearing run writes its part down in the money row; the page shows it, the record stores none of it.
    await s.ctx.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      await writeDownBills(tx, s.ctx, [{ id: b, fen: 20_000n, state: 'partiallyPaid' }], { runId: randomUUID(), mover: { job: CLEARING_JOB }, now: s.clock.now() });
    });
    expect((await s.call<ResourceRecord>('GET', `/api/r/bills/${b}`, { token: seller.token })).body.data).toMatchObject({ paidAmount: '100.00', clearedAmount: '200.00', openAmount: '300.00' });
    for (const id of [a, b]) for (const field of FIGURES) expect(await stored(id), field).not.toHaveProperty(field);
    await expectLedgerSound(s);
  });

  it('stores none of the figures a maker of a bill sends, and reads the money row instead', async () => {
    const billsResource = s.ctx.resources.get('bills')!;
    const [maker] = await s.ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, seller.phone));
    const made = await s.ctx.db.transaction(async (raw) =>
      createRecord(raw as unknown as Db, billsResource, s.ctx.resources, {
        accountId: seller.accountId,
        mover: { userId: maker.id, accountId: seller.accountId },
        // Figures a caller made up: the door drops them, the money row (made by the bill's listener) answers.
        data: { contractId, contractTitle: '单源账单合同', payerName: '上海单源买方有限公司', payeeName: '江苏单源卖方有限公司', origin: 'issued', amount: '80.00', dueDay: '2099-06-30', paidAmount: '79.00', clearedAmount: '1.00', openAmount: '0.00' },
        now: s.clock.now(),
        parties: { payer: buyer.accountId, payee: seller.accountId },
      }),
    );
    for (const field of FIGURES) expect(await stored(made.id), field).not.toHaveProperty(field);
    expect((await s.call<ResourceRecord>('GET', `/api/r/bills/${made.id}`, { token: buyer.token })).body.data).toMatchObject({ amount: '80.00', paidAmount: '0.00', clearedAmount: '0.00', openAmount: '80.00' });
  });
  it('migration 0027 removes the copies a bill record stored before, and changes neither its version nor what is answered', async () => {
    const id = await confirmedBill('90.00');
    const before = (await s.call<ResourceRecord>('GET', `/api/r/bills/${id}`, { token: buyer.token })).body.data;
    // A record as the code before the one source stored it: figures copied into its data (here stale).
    await s.ctx.db.execute(sql`update resource_records set data = data || '{"paidAmount":"1.00","clearedAmount":"2.00","openAmount":"3.00"}'::jsonb where resource = 'bills' and id = ${id}`);
    const migration = readFileSync(new URL('../../drizzle/0027_bill_figures_from_money_row.sql', import.meta.url), 'utf8').replace(/^\s*--.*$/gm, '');
    await s.ctx.db.execute(sql.raw(migration));
    for (const field of FIGURES) expect(await stored(id), field).not.toHaveProperty(field);
    const after = (await s.call<ResourceRecord>('GET', `/api/r/bills/${id}`, { token: buyer.token })).body.data;
    expect(after).toEqual(before);
  });
});
