// Deposits and withdrawals (issue 8) over the API, on both databases: money enters a wallet
// only when ops confirm a declared deposit, leaves it only through a withdrawal held with the
// user's SMS code and completed or failed by ops; each step once, whatever is retried or raced.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundsBankAccounts, MessageView, Page } from '../../src/shared/api';
import { SAMPLE_PLATFORM_ACCOUNT } from '../../src/server/config';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { consolePathFor } from '../support/consolePaths';
import { bankedParty, money, wallet } from '../support/funds';
import { loginPassword, sendCode } from '../support/flows';
import { tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';

const declaration = (extra: Record<string, unknown> = {}) => ({
  amount: '1500.00',
  payerName: '杭州付款有限公司',
  payerAccount: '6222020200998877665',
  transferDate: '2026-11-19',
  reference: 'HZ20261119001',
  ...extra,
});

describe.skipIf(!dbAvailable)('funds: deposits and withdrawals', () => {
  let s: TestServer;
  let ops: string;
  let a: TradingParty;
  let stranger: TradingParty;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000041', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000041', 'Admin#2026')).body.data.access_token;
    a = await bankedParty(s, '杭州甲方贸易有限公司');
    stranger = await tradingParty(s, '宁波旁观者有限公司');
  });
  afterAll(() => s?.close());
  const sound = async () => expect(ledgerSound(await checkLedger(s.ctx.db, s.ctx.ledgerInvariants))).toBe(true);
  const messagesOf = async (token: string) => (await s.call<Page<MessageView>>('POST', '/api/system/message/list', { token, body: { pageNo: 1, pageSize: 20 } })).body.data.records;

  describe('deposits', () => {
    it('refuses a deposit from an account that is not approved', async () => {
      const pending = await tradingParty(s, '未认证有限公司', false);
      const res = await s.call('POST', '/api/r/deposits', { token: pending.token, body: declaration() });
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('账号通过认证后才能办理资金业务');
    });

    it('says which field is wrong and writes nothing for a malformed amount', async () => {
      for (const amount of ['12.345', '0', '0.00', '-5', '1e3', 'abc']) {
        const res = await s.call('POST', '/api/r/deposits', { token: a.token, body: declaration({ amount }) });
        expect(res.status, amount).toBe(400);
        expect(Object.keys(res.body.data as object), amount).toEqual(['amount']);
      }
      expect((await s.call<Page<ResourceRecord>>('GET', '/api/r/deposits', { token: a.token })).body.data.total).toBe(0);
    });

    it('credits the wallet once ops confirm it, with an Idempotency-Key; a replay answers the same bytes', async () => {
      const declared = await s.call<ResourceRecord>('POST', '/api/r/deposits', { token: a.token, body: declaration() });
      expect(declared.body.data).toMatchObject({ state: 'declared', amount: '1500.00', accountName: '杭州甲方贸易有限公司' });
      expect(await wallet(s, a.token)).toEqual({ available: '0.00', held: '0.00', escrow: '0.00', objectionDeposits: '0.00' });
      // Ops see every account's declarations; another account does not see this one.
      const opsList = await s.call<Page<ResourceRecord>>('GET', '/api/r/deposits?scope=ops&state=declared', { token: ops });
      expect(opsList.body.data.records.map((r) => r.id)).toContain(declared.body.data.id);
      expect((await s.call('GET', `/api/r/deposits/${declared.body.data.id}`, { token: stranger.token })).status).toBe(404);
      expect((await s.call('GET', '/api/r/deposits?scope=ops', { token: a.token })).status).toBe(200);
      expect((await s.call<Page<ResourceRecord>>('GET', '/api/r/deposits?scope=ops', { token: a.token })).body.data.records.every((r) => r.accountId === a.accountId)).toBe(true);

      const path = `/api/r/deposits/${declared.body.data.id}/actions/confirm`;
      // The owner cannot confirm its own deposit; ops need a key.
      expect((await money(s, a.token, path)).status).toBe(403);
      const keyless = await s.call('POST', path, { token: ops, body: {} });
      expect(keyless.status).toBe(400);
      const key = randomUUID();
      const first = await fetch(s.baseUrl + path, { method: 'POST', headers: { authorization: ops, 'content-type': 'application/json', 'idempotency-key': key }, body: '{}' });
      const replay = await fetch(s.baseUrl + path, { method: 'POST', headers: { authorization: ops, 'content-type': 'application/json', 'idempotency-key': key }, body: '{}' });
      expect(first.status).toBe(200);
      expect(await replay.text()).toBe(await first.text());
      expect((await money(s, ops, path)).status).toBe(409);
      expect(await wallet(s, a.token)).toMatchObject({ available: '1500.00' });
      // The message opens the deposit on the account's own page (deposits.json's menu block).
      const confirmed = (await messagesOf(a.token)).find((m) => m.title === '充值已到账');
      expect(confirmed?.content).toBe('您申报的 1,500.00 元充值已确认，已计入可用余额。'); // the one money format (issue 17)
      expect(confirmed?.link).toBe(`/payment/deposits/show/${declared.body.data.id}`);
      expect(confirmed?.link).toBe(consolePathFor({ resource: 'deposits', id: declared.body.data.id, record: declared.body.data, viewer: { accountId: a.accountId } }));
      await sound();
    });

    it('tells the account why ops rejected a declaration, and credits nothing', async () => {
      const declared = await s.call<ResourceRecord>('POST', '/api/r/deposits', { token: a.token, body: declaration({ amount: '99.00', reference: 'HZ-NOT-FOUND' }) });
      const rejected = await s.call<ResourceRecord>('POST', `/api/r/deposits/${declared.body.data.id}/actions/reject`, { token: ops, body: { reason: '未查到该笔银行流水' } });
      expect(rejected.body.data.state).toBe('rejected');
      const told = (await messagesOf(a.token)).find((m) => m.title === '充值申报被驳回');
      expect(told?.content).toContain('未查到该笔银行流水');
      expect(told?.link).toBe(consolePathFor({ resource: 'deposits', id: declared.body.data.id, record: declared.body.data, viewer: { accountId: a.accountId } }));
      expect((await wallet(s, a.token)).available).toBe('1500.00');
    });
  });

  describe('withdrawals', () => {
    const request = (party: TradingParty, amount: string) => s.call<ResourceRecord>('POST', '/api/r/withdrawals', { token: party.token, body: { amount, bankAccount: '1111', remark: '货款提现' } });
    const submit = async (party: TradingParty, id: string, key?: string) =>
      money(s, party.token, `/api/r/withdrawals/${id}/actions/submit`, { smsCode: await sendCode(s, party.phone, 'verify', party.token) }, key);

    it('goes to the bank account of the authentication, whatever the client sends, and no further than the balance', async () => {
      const over = await request(a, '1500.01');
      expect(over.status).toBe(400);
      expect(over.body.data).toEqual({ amount: '超出可用余额 1,500.00 元' });
      const made = await request(a, '200.00');
      expect(made.body.data).toMatchObject({ state: 'draft', bankAccount: '6222020200112233445', bankAccountName: '杭州甲方贸易有限公司', bankName: '中国工商银行 杭州西湖支行' });
    });

    it('tells the forms where money goes: the platform receiving account for deposits, the own bank account for withdrawals', async () => {
      const mine = await s.call<FundsBankAccounts>('GET', '/api/funds/bank-accounts', { token: a.token });
      expect(mine.body.data).toEqual({
        platform: SAMPLE_PLATFORM_ACCOUNT,
        own: { accountName: '杭州甲方贸易有限公司', bankName: '中国工商银行 杭州西湖支行', account: '6222020200112233445' },
      });
      expect((await s.call<FundsBankAccounts>('GET', '/api/funds/bank-accounts', { token: stranger.token })).body.data.own).toBeNull();
    });

    it('refuses an account whose authentication has no bank account', async () => {
      const res = await request(stranger, '1.00');
      // Not funded either, but the bank account is what it lacks first.
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe('认证资料中没有可用的银行账户，无法提现');
    });

    it('holds the amount when submitted with the SMS code, returns it when ops fail it, pays it out when ops complete it', async () => {
      const w1 = (await request(a, '300.00')).body.data;
      expect((await s.call('POST', `/api/r/withdrawals/${w1.id}/actions/submit`, { token: a.token, body: {}, headers: { 'Idempotency-Key': randomUUID() } })).status).toBe(400);
      const held = await submit(a, w1.id);
      expect(held.body.data.state).toBe('processing');
      expect(await wallet(s, a.token)).toMatchObject({ available: '1200.00', held: '300.00' });
      // The account cannot complete its own withdrawal; ops fail it with a reason.
      expect((await money(s, a.token, `/api/r/withdrawals/${w1.id}/actions/complete`)).status).toBe(403);
      const failed = await money(s, ops, `/api/r/withdrawals/${w1.id}/actions/fail`, { reason: '收款账户已销户' });
      expect(failed.body.data.state).toBe('failed');
      expect(await wallet(s, a.token)).toMatchObject({ available: '1500.00', held: '0.00' });
      const failedNews = (await messagesOf(a.token)).find((m) => m.title === '提现失败');
      expect(failedNews?.content).toContain('收款账户已销户');
      expect(failedNews?.link).toBe(`/report/withdrawalList/show/${w1.id}`);
      expect(failedNews?.link).toBe(consolePathFor({ resource: 'withdrawals', id: w1.id, record: w1, viewer: { accountId: a.accountId } }));

      const w2 = (await request(a, '500.00')).body.data;
      await submit(a, w2.id);
      const done = await money(s, ops, `/api/r/withdrawals/${w2.id}/actions/complete`);
      expect(done.body.data.state).toBe('completed');
      expect(await wallet(s, a.token)).toMatchObject({ available: '1000.00', held: '0.00' });
      expect((await money(s, ops, `/api/r/withdrawals/${w2.id}/actions/fail`, { reason: '重复操作测试' })).status).toBe(409);
      expect((await messagesOf(a.token)).find((m) => m.title === '提现已到账')?.link).toBe(consolePathFor({ resource: 'withdrawals', id: w2.id, record: w2, viewer: { accountId: a.accountId } }));
      await sound();
    });

    it(`credits a deposit once when 50 confirmations race, and a replay storm answers the same bytes (${testDbKind})`, async () => {
      const b = await bankedParty(s, '苏州并发测试有限公司');
      const declared = await s.call<ResourceRecord>('POST', '/api/r/deposits', { token: b.token, body: declaration({ amount: '100.00' }) });
      const path = `/api/r/deposits/${declared.body.data.id}/actions/confirm`;
      const results = await Promise.all(Array.from({ length: 50 }, () => money(s, ops, path)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect((await wallet(s, b.token)).available).toBe('100.00');

      const again = await s.call<ResourceRecord>('POST', '/api/r/deposits', { token: b.token, body: declaration({ amount: '7.00' }) });
      const key = randomUUID();
      const storm = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${s.baseUrl}/api/r/deposits/${again.body.data.id}/actions/confirm`, { method: 'POST', headers: { authorization: ops, 'content-type': 'application/json', 'idempotency-key': key }, body: '{}' }).then(async (r) => ({ status: r.status, text: await r.text() })),
        ),
      );
      const answered = storm.filter((r) => r.status === 200);
      expect(answered.length).toBeGreaterThanOrEqual(1);
      expect(new Set(answered.map((r) => r.text)).size).toBe(1);
      // A twin still in flight is told so (409); none ran the work twice.
      expect(storm.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect((await wallet(s, b.token)).available).toBe('107.00');
      await sound();
    });

    it('keeps other accounts out: a stranger sees 404, a viewer cannot move money', async () => {
      const w = (await request(a, '10.00')).body.data;
      expect((await s.call('GET', `/api/r/withdrawals/${w.id}`, { token: stranger.token })).status).toBe(404);
      expect((await money(s, stranger.token, `/api/r/withdrawals/${w.id}/actions/submit`, { smsCode: '123456' })).status).toBe(404);
      expect((await s.call<Page<ResourceRecord>>('GET', '/api/r/withdrawals', { token: stranger.token })).body.data.total).toBe(0);
    });
  });
});
