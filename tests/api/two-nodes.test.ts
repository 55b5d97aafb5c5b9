// Two nodes, one system (issue 20), PostgreSQL only: two processes of the built server on one
// database and one storage directory (tests/support/two-nodes.ts), each request sent to a node
// picked at random unless the test names one. Sessions, sign-in counters, captchas, Idempotency-
// Keys, jobs and uploads behave as on one node; one node killed in a money storm leaves the other
// serving and the books sound, with every acknowledged operation kept.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CaptchaResponse, OutboxResponse, TokenResponse } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { issueToken } from '../../src/server/sessions/tokens';
import { queryRows } from '../../src/server/db/rows';
import { migrationsFolder } from '../../src/server/paths';
import { offerBody } from '../support/bodies';
import { copyContracts, depositBody, loadParties, smsCode, type LoadParty, type LoadTarget } from '../support/money-load';
import { dbAvailable, testDbKind } from '../support/server';
import { NODE_APP_NAME, startTwoNodes, type Answer, type CallOptions, type TwoNodes } from '../support/two-nodes';

type LedgerCheck = { name: string; ok: boolean; rows: unknown[] }[];
const ADMIN = { phone: '13800000081', password: 'Admin#2026' };
const PASSWORD = 'Settle2026!';
const DAY = 86_400_000;
let phoneSeq = 0;
const newPhone = () => `136${String(10_000_000 + ((phoneSeq += 1) * 7919 + process.pid) % 89_999_999).padStart(8, '0')}`;

describe.skipIf(!dbAvailable || testDbKind !== 'postgres')('two nodes on one PostgreSQL', () => {
  let n: TwoNodes;
  /** Real time plus what the tests moved the nodes' clocks by. */
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const advance = async (ms: number) => {
    offset += ms;
    await n.advance(ms);
  };
  const call = <T = ResourceRecord>(method: string, path: string, opts?: CallOptions) => n.call<T>(method, path, opts);
  const target = (): LoadTarget => ({
    // Each request of a helper goes to a node picked at random.
    get baseUrl() {
      const alive = n.alive();
      return alive[Math.floor(Math.random() * alive.length)].baseUrl;
    },
    db: n.db,
    now,
  });
  const money = <T = ResourceRecord>(token: string, path: string, body: unknown = {}, key = randomUUID(), node?: number) =>
    call<T>('POST', path, { token, body, headers: { 'idempotency-key': key }, node });

  const latestCode = async (phone: string) => (await call<OutboxResponse>('GET', `/api/dev/outbox?phone=${phone}`)).body.data.sms[0].code;
  const captcha = async (node?: number) => {
    const { uuid } = (await call<CaptchaResponse>('GET', '/api/captchaImage', { node })).body.data;
    const answer = (await call<OutboxResponse>('GET', '/api/dev/outbox')).body.data.captcha.find((c) => c.uuid === uuid)!.answer;
    return { uuid, answer };
  };
  const login = async (phone: string, password = PASSWORD, node?: number) => {
    const c = await captcha();
    return call<TokenResponse>('POST', '/api/login', { body: { username: phone, password, uuid: c.uuid, captchaCode: c.answer }, node });
  };
  /** Registers on one node (code sent there) and signs in on the other. */
  const registered = async (userType: 'personal' | 'enterprise' = 'personal') => {
    const phone = newPhone();
    expect((await call('POST', '/api/smscode', { body: { phone, scene: 'register' }, node: 0 })).status).toBe(200);
    const code = await latestCode(phone);
    const reg = await call('POST', '/api/register', { node: 1, body: { userType, enterpriseName: userType === 'enterprise' ? `杭州双节点${phoneSeq}有限公司` : undefined, phone, code, password: PASSWORD, agree: true } });
    expect(reg.body).toMatchObject({ code: 200 });
    const signed = await login(phone, PASSWORD, 0);
    expect(signed.status).toBe(200);
    return { phone, token: signed.body.data.access_token };
  };
  const status = (token: string, node: number) => call('GET', '/api/user/info', { token, node }).then((r) => r.status);

  beforeAll(async () => {
    n = await startTwoNodes(inject('pgUrl')!, { ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password });
  }, 120_000);
  afterAll(() => n?.close());

  it('a session made on one node works on the other; logout and disabling an operator end it on both at once', async () => {
    const user = await registered();
    expect([await status(user.token, 0), await status(user.token, 1)]).toEqual([200, 200]);
    expect((await call('DELETE', '/api/logout', { token: user.token, node: 1 })).status).toBe(200);
    expect([await status(user.token, 0), await status(user.token, 1)]).toEqual([401, 401]);

    const owner = await registered('enterprise');
    const phone = newPhone();
    const add = await call<{ id: string }>('POST', '/api/system/users/subAccount', { token: owner.token, node: 0, body: { name: 'op purchaser', phone, operatorType: 'purchaser' } });
    expect(add.status).toBe(200);
    const bind = await call('POST', '/api/system/users/bindSubAccount', { node: 1, body: { phone, code: await latestCode(phone), password: PASSWORD } });
    expect(bind.status).toBe(200);
    const op = (await login(phone, PASSWORD, 1)).body.data.access_token;
    expect([await status(op, 0), await status(op, 1)]).toEqual([200, 200]);
    expect((await call('POST', '/api/system/users/disableSubAccount', { token: owner.token, node: 0, body: { id: add.body.data.id } })).status).toBe(200);
    expect([await status(op, 1), await status(op, 0)]).toEqual([401, 401]);
    expect((await login(phone, PASSWORD, 1)).status).toBe(403);
  });

  it('SMS resend windows and wrong-code counters hold across nodes', async () => {
    // Two sends to one phone at the same moment, one per node: one is sent, the other waits 60 s.
    const phone = newPhone();
    const sends = await Promise.all([0, 1].map((node) => call('POST', '/api/smscode', { body: { phone, scene: 'register' }, node })));
    expect(sends.map((r) => r.status).sort()).toEqual([200, 429]);
    expect((await call<OutboxResponse>('GET', `/api/dev/outbox?phone=${phone}`)).body.data.sms).toHaveLength(1);
    expect((await call('POST', '/api/smscode', { body: { phone, scene: 'register' } })).status).toBe(429);

    // Twelve wrong codes at once over both nodes: five are counted as tries, the code is then
    // spent, and even the right code is refused.
    const code = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = (c: string) => ({ userType: 'personal', phone, code: c, password: PASSWORD, agree: true });
    const tries = await Promise.all(Array.from({ length: 12 }, (_, i) => call('POST', '/api/register', { body: body(wrong), node: i % 2 })));
    expect(tries.every((r) => r.status === 400)).toBe(true);
    const messages = tries.map((r) => (r.body.data as unknown as { code: string }).code);
    expect(messages.filter((m) => m === '验证码错误')).toHaveLength(4);
    expect((await call('POST', '/api/register', { body: body(code) })).body.data).toEqual({ code: '验证码错误次数过多，请重新获取' });
  });

  it('a password brute force spread over both nodes gets exactly five tries, then the lock', async () => {
    const user = await registered();
    // Twelve wrong passwords at once, six per node, each with its own captcha.
    const caps = await Promise.all(Array.from({ length: 12 }, (_, i) => captcha(i % 2)));
    const tries = await Promise.all(caps.map((c, i) => call('POST', '/api/login', { node: i % 2, body: { username: user.phone, password: 'Wrong-pass-1', uuid: c.uuid, captchaCode: c.answer } })));
    // Four "wrong, N left" answers and the fifth locks; the other seven were refused unchecked.
    expect(tries.filter((r) => r.status === 400).map((r) => r.body.msg).sort()).toEqual(['手机号或密码错误，还可尝试 1 次', '手机号或密码错误，还可尝试 2 次', '手机号或密码错误，还可尝试 3 次', '手机号或密码错误，还可尝试 4 次']);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(8);
    // The right password is locked out too, on either node, until 15 minutes have passed.
    expect((await login(user.phone, PASSWORD, 0)).status).toBe(429);
    expect((await login(user.phone, PASSWORD, 1)).status).toBe(429);
    await advance(15 * 60_000 + 1_000);
    // Then five tries again: none of the seven refused ones was counted into the next window.
    expect((await login(user.phone, 'Wrong-pass-1', 0)).body.msg).toBe('手机号或密码错误，还可尝试 4 次');
    expect((await login(user.phone, PASSWORD, 1)).status).toBe(200);
  });

  it('a captcha drawn on one node is answered on the other, once', async () => {
    const user = await registered();
    const c = await captcha(0);
    const both = await Promise.all([0, 1].map((node) => call('POST', '/api/login', { node, body: { username: user.phone, password: PASSWORD, uuid: c.uuid, captchaCode: c.answer } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.data).toMatchObject({ captchaCode: expect.any(String) });
  });

  describe('money', () => {
    let ops: string;
    let buyer: LoadParty;
    let seller: LoadParty;
    const confirmPath = async (party: LoadParty, amount = '1000.00') => {
      const declared = await call('POST', '/api/r/deposits', { token: party.token, body: depositBody(amount) });
      expect(declared.status).toBe(200);
      return `/api/r/deposits/${declared.body.data.id}/actions/confirm`;
    };
    const wallet = async (party: LoadParty) => (await call<{ available: string; escrow: string }>('GET', '/api/funds/wallet', { token: party.token })).body.data;
    const fresh = async () => {
      // Sessions of 7 days do not outlive the clock moves of the job tests: new ones, as signing in gives.
      ops = (await login(ADMIN.phone, ADMIN.password)).body.data.access_token;
      for (const p of [buyer, seller]) p.token = (await issueToken(n.db, p.userId, now())).token;
    };

    beforeAll(async () => {
      [buyer, seller] = await loadParties(target(), 2, 'Nodes');
      await fresh();
      for (const p of [buyer, seller]) expect((await money(ops, await confirmPath(p, '500000.00'))).status).toBe(200);
    });

    it('an Idempotency-Key replayed on the other node answers the stored bytes; twins in flight get 409', async () => {
      const path = await confirmPath(buyer);
      const key = randomUUID();
      const first = await money(ops, path, {}, key, 0);
      expect(first.status).toBe(200);
      const replay = await money(ops, path, {}, key, 1);
      expect(replay.text).toBe(first.text);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      const other = await money(ops, path, { note: 'another body' }, key, 1);
      expect(other.status).toBe(422);

      // Eight copies of one request at once, four per node, for five keys: one does the work, each
      // other copy is a 409 (its twin in flight) or the stored answer, byte for byte.
      const before = Number((await wallet(seller)).available);
      const statuses: number[] = [];
      for (let k = 0; k < 5; k += 1) {
        const p = await confirmPath(seller, '10.00');
        const key2 = randomUUID();
        const copies = await Promise.all(Array.from({ length: 8 }, (_, i) => money(ops, p, {}, key2, i % 2)));
        statuses.push(...copies.map((c) => c.status));
        expect(copies.every((c) => c.status === 200 || c.status === 409)).toBe(true);
        expect(new Set(copies.filter((c) => c.status === 200).map((c) => c.text)).size).toBe(1);
        expect(copies.filter((c) => c.status === 409).every((c) => c.body.code === 409)).toBe(true);
      }
      expect(statuses).toContain(409);
      expect(Number((await wallet(seller)).available)).toBe(before + 50);
    });

    it('wrong SMS codes on a money action, sent at once over both nodes, get five tries in all', async () => {
      const asked = await call('POST', '/api/r/withdrawals', { token: buyer.token, body: { amount: '10.00', remark: '货款提现' } });
      expect(asked.status, asked.text).toBe(200);
      const right = await smsCode(target(), buyer.phone);
      const wrong = right === '000000' ? '111111' : '000000';
      const path = `/api/r/withdrawals/${asked.body.data.id}/actions/submit`;
      const tries = await Promise.all(Array.from({ length: 10 }, (_, i) => money(buyer.token, path, { smsCode: wrong }, randomUUID(), i % 2)));
      const fields = tries.map((r) => (r.body.data as unknown as { smsCode?: string })?.smsCode);
      expect(tries.every((r) => r.status === 400)).toBe(true);
      expect(fields.filter((f) => f === '验证码错误')).toHaveLength(4);
      expect(fields.filter((f) => f === '验证码错误次数过多，请重新获取')).toHaveLength(6);
      const late = await money(buyer.token, path, { smsCode: right });
      expect(late.status).toBe(400);
      expect((await call('GET', `/api/r/withdrawals/${asked.body.data.id}`, { token: buyer.token })).body.data.state).toBe('draft');
    });

    it('jobs run once when both nodes run them at the same moment: expiry, automatic release, reminders, the daily clearing run', async () => {
      const t = target();
      // An offer valid until tomorrow (China day), and a contract delivered with its collateral paid.
      const tomorrow = new Date(now().getTime() + 8 * 3_600_000 + DAY).toISOString().slice(0, 10);
      const offer = await call('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offerBody('双节点到期报价', { validUntil: tomorrow }) });
      expect(offer.status, offer.text).toBe(200);
      expect((await call('POST', `/api/r/purchaseOffers/${offer.body.data.id}/actions/publish`, { token: buyer.token, body: {} })).status).toBe(200);
      const contractOffer = await call('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offerBody('双节点放款', { quantity: 1 }) });
      await call('POST', `/api/r/purchaseOffers/${contractOffer.body.data.id}/actions/publish`, { token: buyer.token, body: {} });
      const accepted = await call('POST', `/api/r/purchaseOffers/${contractOffer.body.data.id}/actions/accept`, { token: seller.token, body: {} });
      const contractId = String(accepted.body.data.contractId);
      for (const who of [buyer, seller]) expect((await call('POST', `/api/r/contracts/${contractId}/actions/sign`, { token: who.token, body: { smsCode: await smsCode(t, who.phone) } })).status).toBe(200);
      expect((await money(buyer.token, `/api/r/contracts/${contractId}/actions/payCollateral`, { smsCode: await smsCode(t, buyer.phone) })).status).toBe(200);
      expect((await money(seller.token, `/api/r/contracts/${contractId}/actions/deliver`, { deliveryNote: '已发货' })).status).toBe(200);
      const sellerBefore = Number((await wallet(seller)).available);

      // Eight days on: the offer is past its day, the release day has passed.
      await advance(8 * DAY);
      await fresh();
      const reads = await Promise.all([0, 1, 0, 1].map((node) => call('GET', `/api/r/purchaseOffers/${offer.body.data.id}`, { token: buyer.token, node })));
      expect(reads.map((r) => r.body.data.state), JSON.stringify({ offer: reads[0].body.data, now: now() })).toEqual(['expired', 'expired', 'expired', 'expired']);
      const events = (reads[0].body.data as unknown as { events: { action: string }[] }).events;
      expect(events.filter((e) => e.action === 'expire')).toHaveLength(1);

      const task = (name: string) => Promise.all([0, 1].map((node) => call<{ result: unknown }>('POST', `/api/dev/tasks/${name}`, { node }))).then((rs) => rs.map((r) => r.body.data.result));
      expect((await task('funds.autoRelease')).reduce((a, b) => Number(a) + Number(b), 0)).toBe(1);
      const released = await call('GET', `/api/r/contracts/${contractId}`, { token: seller.token });
      expect(released.body.data.state).toBe('completed');
      expect(Number((await wallet(seller)).available)).toBe(sellerBefore + 800);

      // The completed contract billed the buyer; confirmed, then past its due day: one reminder.
      const bills = await call<{ records: ResourceRecord[] }>('GET', '/api/r/bills?pageSize=50', { token: buyer.token });
      const bill = bills.body.data.records.find((b) => b.contractId === contractId)!;
      expect(bill).toBeDefined();
      expect((await money(buyer.token, `/api/r/bills/${bill.id}/actions/confirm`, { smsCode: await smsCode(t, buyer.phone) })).status).toBe(200);
      await advance(40 * DAY);
      await fresh();
      expect((await task('settlement.reminders')).reduce((a, b) => Number(a) + Number(b), 0)).toBe(1);
      const titles = (await call<{ records: { title: string }[] }>('POST', '/api/system/message/list', { token: buyer.token, body: { pageNo: 1, pageSize: 50 } })).body.data.records.map((m) => m.title);
      expect(titles.filter((x) => x === '账单已逾期')).toHaveLength(1);

      // The day's clearing run (from 02:00 China time): one node runs it, the other finds it taken.
      const chinaHour = (now().getUTCHours() + 8) % 24;
      if (chinaHour < 3) await advance(3 * 3_600_000);
      expect((await task('settlement.dailyClearing')).sort()).toEqual([false, true]);
      expect(await task('settlement.dailyClearing')).toEqual([false, false]);
      const runs = await call<{ records: { trigger: string }[] }>('GET', '/api/r/clearingRuns?pageSize=50', { token: ops });
      expect(runs.status, runs.text).toBe(200);
      expect(runs.body.data.records.filter((r) => r.trigger === 'daily')).toHaveLength(1);
      // The checks of the books agree.
      const check = await call<LedgerCheck>('GET', '/api/ops/ledger/check', { token: ops });
      expect(check.body.data.filter((i) => !i.ok)).toEqual([]);
    });
  });

  it('a file uploaded through one node is served by the other', async () => {
    const user = await registered();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'id-front.png');
    const up = await call<{ url: string }>('POST', '/api/files', { token: user.token, raw: form, node: 0 });
    expect(up.status, up.text).toBe(200);
    const res = await fetch(`${n.nodes[1].baseUrl}${up.body.data.url}`, { headers: { authorization: user.token } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  /**
   * A money storm: 10 funded clients, each declaring a deposit (ops confirm it), paying a
   * collateral and asking a withdrawal, 8 times, every POST to a random live node with its
   * Idempotency-Key. A request that got no answer (its node died) or a 503 (its connection to
   * PostgreSQL was lost; Retry-After 1) is sent again with the same key, as a client does.
   * `during` runs once 60 answers came; answers the operations acknowledged (200) and how many
   * answers were 503. No answer is a 500.
   */
  async function moneyStorm(prefix: string, title: string, during: () => Promise<void>): Promise<{ ops: string; acked: Array<{ what: string; id: string }>; unavailable: number }> {
    const t = target();
    const CLIENTS = 10;
    const EACH = 8;
    const parties = await loadParties(t, CLIENTS, prefix);
    const ops = (await login(ADMIN.phone, ADMIN.password)).body.data.access_token;
    const offer = await call('POST', '/api/r/purchaseOffers', { token: parties[0].token, body: offerBody(title) });
    await call('POST', `/api/r/purchaseOffers/${offer.body.data.id}/actions/publish`, { token: parties[0].token, body: {} });
    const acceptedTemplate = await call('POST', `/api/r/purchaseOffers/${offer.body.data.id}/actions/accept`, { token: parties[1].token, body: {} });
    const templateId = String(acceptedTemplate.body.data.contractId);
    for (const who of [parties[0], parties[1]]) expect((await call('POST', `/api/r/contracts/${templateId}/actions/sign`, { token: who.token, body: { smsCode: await smsCode(t, who.phone) } })).status).toBe(200);
    const template = (await call('GET', `/api/r/contracts/${templateId}`, { token: parties[0].token })).body.data;
    const pairs = parties.flatMap((b, i) => Array.from({ length: EACH }, () => ({ buyer: b, seller: parties[(i + 1) % CLIENTS] })));
    const contractIds = await copyContracts(t, template, pairs);
    for (const p of parties) expect((await money(ops, await confirmPathOf(p, '100000.00'))).status).toBe(200);

    async function confirmPathOf(p: LoadParty, amount: string) {
      const declared = await call('POST', '/api/r/deposits', { token: p.token, body: depositBody(amount) });
      expect(declared.status, declared.text).toBe(200);
      return `/api/r/deposits/${declared.body.data.id}/actions/confirm`;
    }

    const acked: Array<{ what: string; id: string }> = [];
    let answered = 0;
    let unavailable = 0;
    const failed: string[] = [];
    const send = async (token: string, path: string, body: unknown, key = randomUUID()): Promise<Answer<ResourceRecord>> => {
      for (let tries = 1; ; tries += 1) {
        try {
          const answer = await money(token, path, body, key);
          if (answer.status === 503) unavailable += 1;
          else if (answer.status >= 500) failed.push(`${path}: ${answer.status} ${answer.text}`);
          if (answer.status !== 503 || tries >= 20) return answer;
        } catch (error) {
          // No answer (the node died under it): the same request again, on a node left.
          if (tries >= 20) throw error;
        }
      }
    };
    const storm = Promise.all(
      parties.map(async (me, i) => {
        for (let k = 0; k < EACH; k += 1) {
          const declared = await send(me.token, '/api/r/deposits', depositBody('50.00'));
          if (declared.status === 200) {
            const confirmed = await send(ops, `/api/r/deposits/${declared.body.data.id}/actions/confirm`, {});
            if (confirmed.status === 200) acked.push({ what: 'deposit', id: declared.body.data.id });
          }
          const id = contractIds[i * EACH + k];
          const paid = await send(me.token, `/api/r/contracts/${id}/actions/payCollateral`, { smsCode: await smsCode(t, me.phone) });
          if (paid.status === 200) acked.push({ what: 'collateral', id });
          const asked = await send(me.token, '/api/r/withdrawals', { amount: '10.00', remark: '货款提现' });
          if (asked.status === 200) {
            const submitted = await send(me.token, `/api/r/withdrawals/${asked.body.data.id}/actions/submit`, { smsCode: await smsCode(t, me.phone) });
            if (submitted.status === 200) acked.push({ what: 'withdrawal', id: asked.body.data.id });
          }
          answered += 3;
        }
      }),
    );
    for (let i = 0; i < 600 && answered < 60; i += 1) await new Promise((r) => setTimeout(r, 20));
    const before = answered;
    await during();
    await storm;
    expect(before).toBeGreaterThan(0);
    expect(acked.length).toBeGreaterThan(before);
    expect(failed).toEqual([]);
    return { ops, acked, unavailable };
  }

  /** The books balance, and every acknowledged operation is there, read on `node`. */
  async function expectKept(ops: string, acked: Array<{ what: string; id: string }>, node: number) {
    const check = await call<LedgerCheck>('GET', '/api/ops/ledger/check', { token: ops, node });
    expect(check.status).toBe(200);
    expect(check.body.data.map((i) => i.name)).toEqual(['zeroSum', 'noNegative', 'holdResolvedOnce', 'balancesMatchTransfers', 'linesMatchTransfers', 'escrowPerContract', 'dailyMovesMatchLines', 'billOpenAmounts', 'billFamilies']);
    expect(check.body.data.filter((i) => !i.ok)).toEqual([]);
    const expected: Record<string, [string, string]> = { deposit: ['deposits', 'confirmed'], collateral: ['contracts', 'collateralPaid'], withdrawal: ['withdrawals', 'processing'] };
    for (const a of acked) {
      const [resource, state] = expected[a.what];
      const got = await call('GET', `/api/r/${resource}/${a.id}`, { token: ops, node });
      expect({ ...a, status: got.status, state: got.body.data?.state }).toEqual({ ...a, status: 200, state });
    }
  }

  it('PostgreSQL ends every backend of both nodes in a money storm, twice: both keep running and serving, what was cut answers 503 and is sent again, the books balance', async () => {
    // What a PostgreSQL restart or failover does to the nodes' connections, transactions in flight
    // among them. postgres-js 3.4.9 then wrote to the closed socket from a timer and the node died
    // (patches/postgres+3.4.9.patch).
    let ended = 0;
    const { ops, acked, unavailable } = await moneyStorm('Lost', '断连风暴合同', async () => {
      for (const _ of [1, 2]) {
        const rows = await queryRows<{ ended: boolean }>(n.db, sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name like ${`${NODE_APP_NAME}-%`}`);
        ended += rows.filter((r) => r.ended).length;
        await new Promise((r) => setTimeout(r, 300));
      }
    });
    console.log(`two-nodes storm: ${ended} backends of the nodes ended in two rounds; ${unavailable} answers 503 (sent again); ${acked.length} operations acknowledged in all`);
    expect(ended).toBeGreaterThan(0);
    for (const node of n.nodes) expect({ node: node.index, exitCode: node.child.exitCode, signal: node.child.signalCode }).toEqual({ node: node.index, exitCode: null, signal: null });
    for (const node of [0, 1]) expect((await call('GET', '/api/health', { node })).status).toBe(200);
    await expectKept(ops, acked, 0);
  }, 120_000);

  it('one node killed with SIGKILL in a money storm: the other keeps serving, every acknowledged operation is kept, the books balance', async () => {
    const { ops, acked } = await moneyStorm('Storm', '双节点风暴合同', () => n.kill(0));
    console.log(`two-nodes storm: node 0 killed; ${acked.length} operations acknowledged in all`);
    // The node left serves; the books balance; everything acknowledged is there.
    await expectKept(ops, acked, 1);
  }, 120_000);
});

// Two fresh nodes started at the same moment on an empty database (db/startLock.ts), then the
// per-client limits of the public endpoints (issue 20) with their production defaults (config.ts:
// LOGIN 30 per 300 s, CAPTCHA 30 per 60 s): a brute force spread over both gets exactly one
// node's allowance, because both count in the database.
describe.skipIf(!dbAvailable || testDbKind !== 'postgres')('two nodes started together; rate limits over two nodes', () => {
  let n: TwoNodes;
  beforeAll(async () => {
    n = await startTwoNodes(inject('pgUrl')!, { RATE_LIMIT_LOGIN: '30/300', RATE_LIMIT_CAPTCHA: '30/60', ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password }, { together: true });
  }, 120_000);
  afterAll(() => n?.close());

  it('both come up on one empty database: migrated once, one partition per resource, one ops user', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(await queryRows(n.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toEqual([{ n: journal.entries.length }]);
    const partitions = await queryRows<{ name: string }>(n.db, sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'resource_records'::regclass`);
    expect(partitions.length).toBeGreaterThan(5);
    expect(new Set(partitions.map((p) => p.name)).size).toBe(partitions.length);
    expect(await queryRows(n.db, sql`select count(*)::int as n from users where phone = ${ADMIN.phone} and role = 'ops'`)).toEqual([{ n: 1 }]);
    for (const node of [0, 1]) expect((await n.call('GET', '/api/health', { node })).status).toBe(200);
  });

  it('a password brute force and a captcha flood spread over both nodes get exactly the limits', async () => {
    const tries = 100;
    const logins = await Promise.all(
      Array.from({ length: tries }, (_, i) => n.call('POST', '/api/login', { node: i % 2, body: { username: '13600000001', password: `guess-${i}`, uuid: randomUUID(), captchaCode: 'abcd' } })),
    );
    const refused = logins.filter((r) => r.status === 429);
    expect({ refused: refused.length, answered: logins.length - refused.length }).toEqual({ refused: tries - 30, answered: 30 });
    expect(new Set(refused.map((r) => r.node))).toEqual(new Set([0, 1]));
    for (const r of refused) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(r.body).toMatchObject({ code: 429, data: null });
    }
    const captchas = await Promise.all(Array.from({ length: tries }, (_, i) => n.call('GET', '/api/captchaImage', { node: i % 2 })));
    expect(captchas.filter((r) => r.status === 429).length).toBe(tries - 30);
    console.info(`[two nodes] ${tries} wrong passwords over both nodes: ${refused.length} answered 429; ${tries} captchas: ${captchas.filter((r) => r.status === 429).length} answered 429`);
  }, 120_000);
});
