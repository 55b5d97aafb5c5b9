// Finding a counterparty (GET /system/personal/searchCom), its public introduction (POST
// /system/personal/company/introduction) and the mutual-promise service (openMutual): only
// approved accounts are found, only public fields leave, a person only by exact phone.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { CounterpartyView, MutualServiceView } from '../../src/shared/counterparties';
import { authentications, users } from '../../src/server/db/schema';
import { loginPassword, signedIn } from '../support/flows';
import { addOperator, approveAccount } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('counterparties and the mutual-promise service', () => {
  let s: TestServer;
  let me: { phone: string; token: string };
  let steel: { phone: string; token: string; accountId: string };
  let person: { phone: string; token: string; accountId: string };
  let pending: { phone: string; token: string };
  let ops: string;

  /** Approves an account with the authentication data ops would have approved. */
  async function approveWith(phone: string, kind: 'enterprise' | 'personal', data: Record<string, unknown>) {
    await approveAccount(s, phone);
    const [user] = await s.ctx.db.select().from(users).where(eq(users.phone, phone));
    const now = s.clock.now();
    await s.ctx.db.insert(authentications).values({ accountId: user.accountId, kind, data, status: 'approved', submittedBy: user.id, submittedAt: now, reviewedBy: user.id, reviewedAt: now });
    return user.accountId;
  }

  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000021', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000021', 'Admin#2026')).body.data.access_token;
    me = await signedIn(s, { userType: 'enterprise', enterpriseName: '杭州买方贸易有限公司' });
    await approveWith(me.phone, 'enterprise', { name: '杭州买方贸易有限公司', creditCode: '91330100MA27XYZ12K' });
    const steelUser = await signedIn(s, { userType: 'enterprise', enterpriseName: '宁波某某钢铁有限公司' });
    steel = {
      ...steelUser,
      accountId: await approveWith(steelUser.phone, 'enterprise', {
        name: '宁波某某钢铁有限公司',
        creditCode: '91350100M000100Y43',
        location: ['33', '3302', '330203'],
        address: '某某路 1 号',
        industry: 'C31',
        legalName: '王大明',
        legalPhone: '13912340000',
        bankAccount: '6222020200112233445',
      }),
    };
    const personUser = await signedIn(s, { userType: 'personal' });
    person = { ...personUser, accountId: await approveWith(personUser.phone, 'personal', { name: '李小红', idNumber: '110101199003070038', location: ['11', '1101', '110105'], industry: 'A01' }) };
    pending = await signedIn(s, { userType: 'enterprise', enterpriseName: '宁波某某钢铁贸易（未认证）有限公司' });
  });
  afterAll(() => s?.close());

  const search = (keyword: string, token = me.token, extra = '') =>
    s.call<Page<CounterpartyView>>('GET', `/api/system/personal/searchCom?keyword=${encodeURIComponent(keyword)}${extra}`, { token });

  it('finds approved enterprises by part of the name, with public fields only', async () => {
    const res = await search('某某钢铁');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    const [found] = res.body.data.records;
    expect(found).toEqual({
      id: steel.accountId,
      type: 'enterprise',
      name: '宁波某某钢铁有限公司',
      creditCode: '91350100M000100Y43',
      industry: 'C31',
      region: ['33', '3302'],
      authenticatedAt: expect.any(String),
      mutualOpened: false,
    });
    // The unapproved account with a matching name is not found; private fields never leave.
    expect(JSON.stringify(res.body)).not.toMatch(/王大明|13912340000|6222020200112233445|某某路/);
  });

  it('finds an enterprise by its credit code and a person only by the exact phone, name masked', async () => {
    expect((await search('91350100M000100Y43')).body.data.records.map((r) => r.id)).toEqual([steel.accountId]);
    const byPhone = await search(person.phone);
    expect(byPhone.body.data.records).toEqual([expect.objectContaining({ id: person.accountId, type: 'personal', name: '李**', creditCode: null, region: ['11', '1101'] })]);
    // People are not browsed by name.
    expect((await search('李小红')).body.data.total).toBe(0);
  });

  it('never finds the caller itself, unapproved accounts or the platform', async () => {
    expect((await search('买方贸易')).body.data.total).toBe(0);
    expect((await search(pending.phone)).body.data.total).toBe(0);
    expect((await search('13800000021')).body.data.total).toBe(0);
  });

  it('says what is wrong with a keyword, and pages the results', async () => {
    const short = await search('钢', me.token);
    expect(short.status).toBe(400);
    expect(short.body.data).toEqual({ keyword: '请输入手机号、统一社会信用代码，或企业名称中的至少 2 个字' });
    const missing = await s.call('GET', '/api/system/personal/searchCom', { token: me.token });
    expect(missing.status).toBe(400);
    const paged = await search('有限公司', me.token, '&pageNo=1&pageSize=1');
    expect(paged.body.data).toMatchObject({ total: 1, records: [expect.objectContaining({ id: steel.accountId })] });
    expect((await s.call('GET', '/api/system/personal/searchCom?keyword=abc')).status).toBe(401);
  });

  it('introduces an approved account by id; anything else is a 404', async () => {
    const res = await s.call<CounterpartyView>('POST', '/api/system/personal/company/introduction', { token: me.token, body: { id: steel.accountId } });
    expect(res.body.data).toMatchObject({ id: steel.accountId, name: '宁波某某钢铁有限公司', creditCode: '91350100M000100Y43' });
    const [pendingUser] = await s.ctx.db.select().from(users).where(eq(users.phone, pending.phone));
    const hidden = await s.call('POST', '/api/system/personal/company/introduction', { token: me.token, body: { id: pendingUser.accountId } });
    expect(hidden.status).toBe(404);
    expect((await s.call('POST', '/api/system/personal/company/introduction', { token: me.token, body: { id: 'nope' } })).status).toBe(400);
  });

  it('opens the mutual-promise service once, for the owner of an approved account', async () => {
    const before = await s.call<MutualServiceView>('GET', '/api/system/users/mutualStatus', { token: steel.token });
    expect(before.body.data).toEqual({ opened: false, openedAt: null });
    const opened = await s.call<MutualServiceView>('POST', '/api/system/users/openMutual', { token: steel.token });
    expect(opened.body.data.opened).toBe(true);
    s.clock.advance(60_000);
    const again = await s.call<MutualServiceView>('POST', '/api/system/users/openMutual', { token: steel.token });
    expect(again.body.data).toEqual(opened.body.data);
    expect((await s.call<MutualServiceView>('GET', '/api/system/users/mutualStatus', { token: steel.token })).body.data).toEqual(opened.body.data);

    // The mutual platform finds only accounts that opened it.
    expect((await search('有限公司', me.token, '&platform=xhn')).body.data.records.map((r) => [r.id, r.mutualOpened])).toEqual([[steel.accountId, true]]);
    expect((await search(person.phone, me.token, '&platform=xhn')).body.data.total).toBe(0);
  });

  it('refuses to open it for an unapproved account, an operator or ops', async () => {
    const unapproved = await s.call('POST', '/api/system/users/openMutual', { token: pending.token, lang: 'en-US' });
    expect(unapproved.status).toBe(403);
    expect(unapproved.body.msg).toMatch(/authentication/i);
    const operator = await addOperator(s, me.phone, 'purchaser');
    const byOperator = await s.call('POST', '/api/system/users/openMutual', { token: operator.token });
    expect(byOperator.status).toBe(403);
    expect(byOperator.body.msg).toBe('只有账号所有者可以开通互诺服务');
    expect((await s.call('POST', '/api/system/users/openMutual', { token: ops })).status).toBe(403);
    expect((await s.call<MutualServiceView>('GET', '/api/system/users/mutualStatus', { token: me.token })).body.data.opened).toBe(false);
  });
});
