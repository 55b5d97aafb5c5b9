// Confirming money steps (issue 28, item 1; DESIGN §10 "Confirming money"), on both databases: a
// payment password set and reset with an SMS code, an authenticator app bound with a current code
// and unbound with a confirmation, SMS codes as before; wrong passwords lock after five for 15
// minutes on every node; an authenticator code is accepted once; the variant's SMS-only amount;
// and a finance operator's working day from one address: 50 bills confirmed and paid, 20
// contracts signed, with production rate limits.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmSettings, TotpOffer } from '../../src/shared/confirm';
import { chinaDay } from '../../src/shared/chinaTime';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { money, moneyParties, wallet } from '../support/funds';
import { latestCode } from '../support/flows';
import { addOperator } from '../support/operators';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';
import { offerBody, type TradingParty } from '../support/trading';

const ADMIN = { phone: '13800000071', password: 'Admin#2026' };
type Who = { token: string; phone: string };

/** A verify code to `who`'s own phone (the clock moved past the 60 s resend window). */
async function verifyCode(s: TestServer, who: Who): Promise<string> {
  s.clock.advance(61_000);
  const sent = await s.call('POST', '/api/smscode', { token: who.token, body: { phone: who.phone, scene: 'verify' } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return latestCode(s, who.phone);
}

const settings = async (s: TestServer, who: Who) => (await s.call<ConfirmSettings>('GET', '/api/confirm/settings', { token: who.token })).body.data;

async function setPaymentPassword(s: TestServer, who: Who, password: string) {
  const res = await s.call<ConfirmSettings>('POST', '/api/confirm/paymentPassword', { token: who.token, body: { code: await verifyCode(s, who), password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A purchase offer of `buyer` accepted by `seller`: a contract waiting for both signatures. */
async function unsignedContract(s: TestServer, buyer: TradingParty, seller: TradingParty, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offerBody(title, extra) });
  expect(created.status).toBe(200);
  await s.call('POST', `/api/r/purchaseOffers/${created.body.data.id}/actions/publish`, { token: buyer.token, body: {} });
  const accepted = await s.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${created.body.data.id}/actions/accept`, { token: seller.token, body: {} });
  return String(accepted.body.data.contractId);
}

const sign = (s: TestServer, who: Who, id: string, body: Record<string, unknown>) => s.call<ResourceRecord>('POST', `/api/r/contracts/${id}/actions/sign`, { token: who.token, body });
const withPassword = (paymentPassword: string) => ({ confirmMethod: 'password', paymentPassword });

describe.skipIf(!dbAvailable)('confirming money steps', { timeout: 240_000 }, () => {
  let s: TestServer;
  let node2: TestServer;
  let buyer: TradingParty;
  let seller: TradingParty;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password });
    node2 = await startTestServer({}, undefined, { shareDatabaseOf: s });
    ({ buyer, seller } = await moneyParties(s, ADMIN, { buyer: '杭州确认买方有限公司', seller: '苏州确认卖方有限公司', third: '宁波确认旁观有限公司' }, '500000.00'));
  }, 240_000);
  afterAll(async () => {
    await node2?.close();
    await s?.close();
  });
  const sound = async () => expect(ledgerSound(await checkLedger(s.ctx.db, s.ctx.ledgerInvariants))).toBe(true);

  it('sets and resets a payment password with an SMS code of the own phone; bad input is a field error and writes nothing', async () => {
    expect(await settings(s, buyer)).toMatchObject({ paymentPassword: false, totp: false, lastMethod: null, smsAbove: null });
    const code = await verifyCode(s, buyer);
    const bad = await s.call('POST', '/api/confirm/paymentPassword', { token: buyer.token, body: { code, password: '12ab' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ password: '交易密码须为 6 位数字' });
    const weak = await s.call('POST', '/api/confirm/paymentPassword', { token: buyer.token, body: { code, password: '123456' }, lang: 'en-US' });
    expect(weak.body.data).toEqual({ password: 'Too simple: do not use one digit repeated or a run of digits' });
    const wrongCode = await s.call('POST', '/api/confirm/paymentPassword', { token: buyer.token, body: { code: code === '000000' ? '111111' : '000000', password: '802461' } });
    expect(wrongCode.body.data).toEqual({ code: '验证码错误' });
    expect((await settings(s, buyer)).paymentPassword).toBe(false);
    // The code was not spent by the refusals: it sets the password now.
    const set = await s.call<ConfirmSettings>('POST', '/api/confirm/paymentPassword', { token: buyer.token, body: { code, password: '802461' } });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ paymentPassword: true, totp: false });
    // Signed out: nothing.
    expect((await s.call('POST', '/api/confirm/paymentPassword', { body: { code, password: '802461' } })).status).toBe(401);
    // Reset: a new code, a new password; the old one no longer confirms.
    await setPaymentPassword(s, buyer, '913572');
    const id = await unsignedContract(s, buyer, seller, '交易密码重置后签署');
    const old = await sign(s, buyer, id, withPassword('802461'));
    expect(old.status).toBe(400);
    expect(old.body.data).toEqual({ paymentPassword: '交易密码错误，还可尝试 4 次' });
    expect((await sign(s, buyer, id, withPassword('913572'))).status).toBe(200);
  });

  it('confirms money steps with the payment password, an authenticator code or an SMS code, none kept with the event', async () => {
    await setPaymentPassword(s, seller, '470258');
    const id = await unsignedContract(s, buyer, seller, '三种方式确认的合同', { quantity: 1 });
    // The buyer signs with its password (set in the test before), the seller with an SMS code as always.
    expect((await sign(s, buyer, id, withPassword('913572'))).status).toBe(200);
    expect((await sign(s, seller, id, { smsCode: await verifyCode(s, seller) })).status).toBe(200);
    // The buyer binds an authenticator: a current code of it, confirmed by its payment password.
    const offer = (await s.call<TotpOffer>('POST', '/api/confirm/totp/offer', { token: buyer.token })).body.data;
    expect(offer.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const totp = new TOTP({ secret: Secret.fromBase32(offer.secret), digits: 6, period: 30 });
    const at = () => totp.generate({ timestamp: s.clock.now().getTime() });
    const unconfirmed = await s.call('POST', '/api/confirm/totp/bind', { token: buyer.token, body: { code: at() } });
    expect(unconfirmed.body.data).toEqual({ smsCode: '此项为必填项！' });
    const wrongCode = await s.call('POST', '/api/confirm/totp/bind', { token: buyer.token, body: { code: at() === '000000' ? '111111' : '000000', ...withPassword('913572') } });
    expect(wrongCode.body.data).toEqual({ code: '动态码不正确，请输入身份验证器当前显示的 6 位数字' });
    const bound = await s.call<ConfirmSettings>('POST', '/api/confirm/totp/bind', { token: buyer.token, body: { code: at(), ...withPassword('913572') } });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.data).toMatchObject({ paymentPassword: true, totp: true });
    // The code that bound it is spent; the next one pays the collateral.
    const pay = (body: Record<string, unknown>) => money(s, buyer.token, `/api/r/contracts/${id}/actions/payCollateral`, body);
    expect((await pay({ confirmMethod: 'totp', totpCode: at() })).body.data).toEqual({ totpCode: '该动态码已使用过，请等待身份验证器显示下一个动态码' });
    s.clock.advance(30_000);
    const before = await wallet(s, buyer.token);
    const paid = await pay({ confirmMethod: 'totp', totpCode: at() });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.state).toBe('collateralPaid');
    expect(Number((await wallet(s, buyer.token)).available)).toBe(Number(before.available) - 800);
    // No confirmation is kept with the events.
    const events = JSON.stringify((paid.body.data as unknown as { events?: unknown[] }).events ?? []);
    for (const secret of ['totpCode', 'paymentPassword', 'smsCode', 'confirmMethod']) expect(events).not.toContain(secret);
    expect(await settings(s, buyer)).toMatchObject({ lastMethod: 'totp' });
    // Missing or half-sent: a field error on the chosen method, nothing moves.
    const seen = await money(s, seller.token, `/api/r/contracts/${id}/actions/deliver`, { deliveryNote: '已发货' });
    expect(seen.status).toBe(200);
    const confirm = (body: Record<string, unknown>) => money(s, buyer.token, `/api/r/contracts/${id}/actions/confirmReceipt`, body);
    expect((await confirm({})).body.data).toEqual({ smsCode: '此项为必填项！' });
    expect((await confirm({ confirmMethod: 'password' })).body.data).toEqual({ paymentPassword: '此项为必填项！' });
    expect((await confirm({ confirmMethod: 'email', paymentPassword: '913572' })).status).toBe(400);
    expect((await confirm(withPassword('913572'))).body.data.state).toBe('completed');
    // An authenticator code replayed on another node is refused as well.
    s.clock.advance(30_000);
    node2.clock.advance(s.clock.now().getTime() - node2.clock.now().getTime());
    const code = at();
    const first = await s.call('POST', '/api/confirm/totp/unbind', { token: buyer.token, body: { confirmMethod: 'totp', totpCode: code } });
    expect(first.status).toBe(200);
    expect((await settings(s, buyer)).totp).toBe(false);
    // Unbound: it confirms nothing any more.
    const c2 = await unsignedContract(s, buyer, seller, '解绑后的合同', { quantity: 1 });
    expect((await sign(node2, buyer, c2, { confirmMethod: 'totp', totpCode: code })).body.data).toEqual({ totpCode: '尚未绑定身份验证器，请改用其他方式' });
    await sound();
  });

  it('remembers the SMS method (the console\'s next default) only when the step it confirmed commits', async () => {
    // With a payment password, a step confirmed with it is remembered.
    await setPaymentPassword(s, seller, '470258');
    const first = await unsignedContract(s, buyer, seller, '记住确认方式的合同一');
    expect((await sign(s, seller, first, withPassword('470258'))).status).toBe(200);
    expect(await settings(s, seller)).toMatchObject({ lastMethod: 'password' });
    // A wrong SMS code refuses the step, and the method it tried is not remembered.
    const second = await unsignedContract(s, buyer, seller, '记住确认方式的合同二');
    const code = await verifyCode(s, seller);
    const wrong = await sign(s, seller, second, { smsCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual({ smsCode: '验证码错误' });
    expect(await settings(s, seller)).toMatchObject({ lastMethod: 'password' });
    // The right code signs, and SMS is remembered with the signature.
    const signed = await sign(s, seller, second, { smsCode: code });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(await settings(s, seller)).toMatchObject({ lastMethod: 'sms' });
  });

  it('refuses an authenticator code used twice, at once on two nodes: one step gets it', async () => {
    const who = { token: seller.token, phone: seller.phone };
    const offer = (await s.call<TotpOffer>('POST', '/api/confirm/totp/offer', { token: who.token })).body.data;
    const totp = new TOTP({ secret: Secret.fromBase32(offer.secret), digits: 6, period: 30 });
    const at = () => totp.generate({ timestamp: s.clock.now().getTime() });
    // Binding takes a confirmation the authenticator cannot give itself.
    expect((await s.call('POST', '/api/confirm/totp/bind', { token: who.token, body: { code: at(), confirmMethod: 'totp', totpCode: at() } })).body.data).toEqual({ totpCode: '请用交易密码或短信验证码确认此操作' });
    const smsCode = await verifyCode(s, who);
    expect((await s.call('POST', '/api/confirm/totp/bind', { token: who.token, body: { code: at(), smsCode } })).status).toBe(200);
    const a = await unsignedContract(s, buyer, seller, '动态码重放甲', { quantity: 1 });
    const b = await unsignedContract(s, buyer, seller, '动态码重放乙', { quantity: 1 });
    s.clock.advance(30_000);
    node2.clock.advance(s.clock.now().getTime() - node2.clock.now().getTime());
    const code = at();
    const both = await Promise.all([sign(s, who, a, { confirmMethod: 'totp', totpCode: code }), sign(node2, who, b, { confirmMethod: 'totp', totpCode: code })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.data).toEqual({ totpCode: '该动态码已使用过，请等待身份验证器显示下一个动态码' });
    // A code of an earlier step is a replay too; the next step's code signs.
    expect((await sign(s, who, both[0].status === 400 ? a : b, { confirmMethod: 'totp', totpCode: code })).status).toBe(400);
    s.clock.advance(30_000);
    expect((await sign(s, who, both[0].status === 400 ? a : b, { confirmMethod: 'totp', totpCode: at() })).status).toBe(200);
  });

  it('locks the payment password after five wrong tries for 15 minutes, on every node, said in minutes; SMS still confirms', async () => {
    const id = await unsignedContract(s, buyer, seller, '交易密码锁定', { quantity: 1 });
    node2.clock.advance(s.clock.now().getTime() - node2.clock.now().getTime());
    const answers = [];
    // Tries spread over both nodes count together.
    for (let i = 0; i < 4; i += 1) answers.push((await sign(i % 2 ? node2 : s, buyer, id, withPassword('000111'))).body.data);
    expect(answers).toEqual([4, 3, 2, 1].map((left) => ({ paymentPassword: `交易密码错误，还可尝试 ${left} 次` })));
    const fifth = await sign(node2, buyer, id, withPassword('000111'));
    expect(fifth.body.data).toEqual({ paymentPassword: '交易密码错误次数过多，已锁定，请 15 分钟后再试，或改用短信验证码' });
    // The right password is refused while locked, on either node, in minutes.
    s.clock.advance(4 * 60_000 + 30_000);
    node2.clock.advance(s.clock.now().getTime() - node2.clock.now().getTime());
    expect((await sign(s, buyer, id, withPassword('913572'))).body.data).toEqual({ paymentPassword: '交易密码错误次数过多，已锁定，请 11 分钟后再试，或改用短信验证码' });
    expect((await sign(node2, buyer, id, withPassword('913572'))).status).toBe(400);
    const english = await node2.call('POST', `/api/r/contracts/${id}/actions/sign`, { token: buyer.token, body: withPassword('913572'), lang: 'en-US' });
    expect(english.body.data).toEqual({ paymentPassword: 'Too many wrong payment passwords; locked. Try again in 11 min, or confirm with an SMS code' });
    expect(await settings(s, buyer)).toMatchObject({ paymentPassword: true, passwordLockedMinutes: 11 });
    // At once on both nodes while locked: none is compared, the lock does not move.
    await Promise.all(Array.from({ length: 6 }, (_, i) => sign(i % 2 ? node2 : s, buyer, id, withPassword(`00011${i}`))));
    expect((await settings(s, buyer)).passwordLockedMinutes).toBe(11);
    // 15 minutes after the lock: the right one signs (and the count starts again).
    s.clock.advance(10 * 60_000 + 31_000);
    expect((await sign(s, buyer, id, withPassword('913572'))).status).toBe(200);
  });

  it('counts wrong tries sent at once over two nodes: exactly five, then the lock', async () => {
    const who = await addOperator(s, buyer.phone, 'finance');
    await setPaymentPassword(s, who, '580246');
    const bill = (await s.call<ResourceRecord>('POST', '/api/r/bills', { token: seller.token, body: { contractId: await signedBy(s, buyer, seller, '并发猜密码'), amount: '10.00', dueDay: chinaDay(new Date(s.clock.now().getTime() + 5 * 86_400_000)) } })).body.data;
    node2.clock.advance(s.clock.now().getTime() - node2.clock.now().getTime());
    const tries = await Promise.all(Array.from({ length: 12 }, (_, i) => money(i % 2 ? node2 : s, who.token, `/api/r/bills/${bill.id}/actions/confirm`, withPassword(`1357${String(i).padStart(2, '0')}`))));
    const texts = tries.map((r) => (r.body.data as unknown as { paymentPassword?: string })?.paymentPassword);
    expect(tries.every((r) => r.status === 400)).toBe(true);
    // PostgreSQL takes each try on a connection of its own before comparing: four "N left", the
    // fifth locks, the rest are refused unchecked. PGlite (one connection, for development) counts
    // a try after its transaction, so tries queued at the same moment may be compared first; it
    // still ends locked.
    if (testDbKind === 'postgres') {
      expect(texts.filter((t) => t?.startsWith('交易密码错误，还可尝试'))).toHaveLength(4);
      expect(texts.filter((t) => t?.includes('15 分钟'))).toHaveLength(8);
    }
    expect((await money(s, who.token, `/api/r/bills/${bill.id}/actions/confirm`, withPassword('580246'))).status).toBe(400);
    // An SMS code still confirms: the lock is of the password, not of the person.
    const confirmed = await money(s, who.token, `/api/r/bills/${bill.id}/actions/confirm`, { smsCode: await verifyCode(s, who) });
    expect(confirmed.body.data.state).toBe('confirmed');
    // A reset with an SMS code lifts the lock.
    await setPaymentPassword(s, who, '580246');
    expect((await settings(s, who)).passwordLockedMinutes).toBeNull();
    expect((await money(s, who.token, `/api/r/bills/${bill.id}/actions/pay`, { payAmount: '10.00', ...withPassword('580246') })).status).toBe(200);
    await sound();
  });

  /** A contract signed by both with their payment passwords. */
  async function signedBy(server: TestServer, b: TradingParty, sl: TradingParty, title: string, extra: Record<string, unknown> = {}): Promise<string> {
    const id = await unsignedContract(server, b, sl, title, extra);
    expect((await sign(server, b, id, withPassword('913572'))).status).toBe(200);
    expect((await sign(server, sl, id, { smsCode: await verifyCode(server, sl) })).status).toBe(200);
    return id;
  }

  it('sends a signed-in user confirmation codes beyond the 10 a day of sign-in, under a cap of their own; sign-in keeps its 10', async () => {
    const who = await addOperator(s, buyer.phone, 'finance');
    const day = chinaDay(s.clock.now());
    for (let i = 0; i < 12; i += 1) await verifyCode(s, who);
    // The resend window is said in minutes.
    const tooSoon = await s.call('POST', '/api/smscode', { token: who.token, body: { phone: who.phone, scene: 'verify' } });
    expect(tooSoon.body.msg).toBe('验证码发送过于频繁，请 1 分钟后再试');
    // Sign-in codes are still sent: the confirmations did not use them up.
    for (let i = 0; i < 10; i += 1) {
      s.clock.advance(61_000);
      expect((await s.call('POST', '/api/smscode', { body: { phone: who.phone, scene: i % 2 ? 'login' : 'reset' } })).status).toBe(200);
    }
    s.clock.advance(61_000);
    const eleventh = await s.call('POST', '/api/smscode', { body: { phone: who.phone, scene: 'login' } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.msg).toBe('该手机号今日验证码已达 10 条上限，请明天再试');
    // Confirmation codes have their own cap (100 a day): 88 more, then refused.
    for (let i = 0; i < 88; i += 1) await verifyCode(s, who);
    s.clock.advance(61_000);
    const over = await s.call('POST', '/api/smscode', { token: who.token, body: { phone: who.phone, scene: 'verify' }, lang: 'en-US' });
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe("This number has reached today's limit of 100 confirmation codes; confirm with your payment password or authenticator app");
    expect(chinaDay(s.clock.now())).toBe(day);
    // A verify code to another phone (a legal representative's) counts as that phone's sign-in codes do.
    const other = await addOperator(s, seller.phone, 'finance');
    for (let i = 0; i < 10; i += 1) {
      s.clock.advance(61_000);
      expect((await s.call('POST', '/api/smscode', { token: who.token, body: { phone: other.phone, scene: 'verify' } })).status).toBe(200);
    }
    s.clock.advance(61_000);
    expect((await s.call('POST', '/api/smscode', { token: who.token, body: { phone: other.phone, scene: 'verify' } })).status).toBe(429);
  });
});

describe.skipIf(!dbAvailable)('a variant that requires SMS above an amount (jjsk: 1,000,000.00)', { timeout: 240_000 }, () => {
  let s: TestServer;
  let buyer: TradingParty;
  let seller: TradingParty;
  beforeAll(async () => {
    s = await startTestServer({ VARIANTS: 'jjsk', ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password });
    ({ buyer, seller } = await moneyParties(s, ADMIN, { buyer: '杭州大额买方有限公司', seller: '苏州大额卖方有限公司', third: '宁波大额旁观有限公司' }, '300000.00'));
  }, 240_000);
  afterAll(() => s?.close());

  it('confirms up to the amount with the payment password and above it only with an SMS code', async () => {
    await setPaymentPassword(s, buyer, '802461');
    expect(await settings(s, buyer)).toMatchObject({ smsAbove: '1000000.00' });
    const small = await unsignedContract(s, buyer, seller, '限额内合同', { quantity: 250, unitPrice: '4000.00' }); // 1,000,000.00
    expect((await sign(s, buyer, small, withPassword('802461'))).status).toBe(200);
    const large = await unsignedContract(s, buyer, seller, '超限额合同', { quantity: 250, unitPrice: '4000.01' }); // 1,000,002.50
    const refused = await sign(s, buyer, large, withPassword('802461'));
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ paymentPassword: '金额超过 1,000,000.00 元，须使用短信验证码确认' });
    expect((await sign(s, buyer, large, { smsCode: await verifyCode(s, buyer) })).status).toBe(200);
    // Its collateral is what paying it moves (the resource file's `moves`), 200,000.50, not the
    // contract's 1,000,002.50: within the amount, so the payment password confirms it.
    const signed = await sign(s, seller, large, { smsCode: await verifyCode(s, seller) });
    expect(signed.body.data).toMatchObject({ state: 'signed', collateralAmount: '200000.50' });
    const paid = await money(s, buyer.token, `/api/r/contracts/${large}/actions/payCollateral`, withPassword('802461'));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ state: 'collateralPaid' });
  });
});

// A working day of a finance operator (issue 28: "confirm and pay 50 bills and sign 20 contracts
// in one day from one address"), with the production limits of the SMS and sign-in routes. Every
// request comes from 127.0.0.1 within one China day.
describe.skipIf(!dbAvailable)('a working day from one address', { timeout: 600_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_SMS: '20/3600', RATE_LIMIT_SMS_ADDRESS: '300/3600', RATE_LIMIT_LOGIN: '30/300', RATE_LIMIT_CAPTCHA: '30/60' });
  }, 240_000);
  afterAll(() => s?.close());

  it('a finance operator confirms and pays 50 bills and the owner signs 20 contracts in one day', async () => {
    const { buyer, seller } = await moneyParties(s, ADMIN, { buyer: '杭州日常买方有限公司', seller: '苏州日常卖方有限公司', third: '宁波日常旁观有限公司' }, '500000.00');
    const finance = await addOperator(s, buyer.phone, 'finance');
    // The day starts: each sets a payment password (one SMS code each).
    const day = chinaDay(s.clock.now());
    for (const [who, pw] of [[buyer, '802461'], [seller, '470258'], [finance, '913572']] as const) await setPaymentPassword(s, who, pw);
    const steps = { finance: 0, owner: 0, seller: 0 };
    const stepOk = (res: { status: number; body: unknown }, what: string) => expect(res.status, `${what} ${JSON.stringify(res.body)}`).toBe(200);

    // Twenty contracts signed by the buyer's owner (and the seller).
    const contracts: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const id = await unsignedContract(s, buyer, seller, `日常签署 ${i + 1}`, { quantity: 1 });
      stepOk(await sign(s, buyer, id, withPassword('802461')), 'buyer sign');
      steps.owner += 1;
      stepOk(await sign(s, seller, id, withPassword('470258')), 'seller sign');
      steps.seller += 1;
      contracts.push(id);
    }
    // The seller bills 50 times under them; the finance operator confirms and pays each.
    const dueDay = chinaDay(new Date(s.clock.now().getTime() + 30 * 86_400_000));
    const bills: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const made = await s.call<ResourceRecord>('POST', '/api/r/bills', { token: seller.token, body: { contractId: contracts[i % 20], amount: '100.00', dueDay } });
      stepOk(made, 'issue');
      bills.push(made.body.data.id);
    }
    const before = await wallet(s, buyer.token);
    for (const id of bills) {
      stepOk(await money(s, finance.token, `/api/r/bills/${id}/actions/confirm`, withPassword('913572')), 'confirm');
      steps.finance += 1;
      stepOk(await money(s, finance.token, `/api/r/bills/${id}/actions/pay`, { payAmount: '100.00', ...withPassword('913572') }), 'pay');
      steps.finance += 1;
    }
    expect(Number((await wallet(s, buyer.token)).available)).toBe(Number(before.available) - 5000);
    expect(steps).toEqual({ finance: 100, owner: 20, seller: 20 });
    // Still the same day, and SMS codes are left for everything else (sign-in's ten untouched).
    expect(chinaDay(s.clock.now())).toBe(day);
    s.clock.advance(61_000);
    expect((await s.call('POST', '/api/smscode', { body: { phone: finance.phone, scene: 'login' } })).status).toBe(200);
    expect((await s.call('POST', '/api/smscode', { token: finance.token, body: { phone: buyer.phone, scene: 'verify' } })).status).toBe(200);
    console.info(`[working day] from one address in one China day: finance operator ${steps.finance} money steps (50 bills confirmed, 50 paid), owner ${steps.owner} signatures, seller ${steps.seller}; SMS codes sent: 3 (one per payment password)`);
    expect(ledgerSound(await checkLedger(s.ctx.db, s.ctx.ledgerInvariants))).toBe(true);
  });
});
