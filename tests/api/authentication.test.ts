// Enterprise and personal authentication with uploads, SMS proof of the legal
// representative's phone, operations review (reject with a reason, resubmit, approve).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, FileView, Page, UserInfo } from '../../src/shared/api';
import type { FormDefinition } from '../../src/shared/resources/types';
import { maskPhone, residentIdCheckChar } from '../../src/shared/validators';
import { PLATFORM_OPS_NAME } from '../../src/server/i18n';
import { eq } from 'drizzle-orm';
import { accounts, users } from '../../src/server/db/schema';
import { nameAccounts } from '../../src/server/bootstrap';
import { loginPassword, newPhone, sendCode, signedIn } from '../support/flows';
import { addOperator } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex');
const idNumber = (body17: string) => body17 + residentIdCheckChar(body17);

interface AuthDetail {
  id: string;
  kind: string;
  status: string;
  reason: string | null;
  data: Record<string, unknown>;
}

describe.skipIf(!dbAvailable)('authentication', () => {
  let s: TestServer;
  let ops: string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000011', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000011', 'Admin#2026')).body.data.access_token;
  });
  afterAll(() => s?.close());

  async function upload(token: string, name = 'photo.png'): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), name);
    const res = await fetch(`${s.baseUrl}/api/files`, { method: 'POST', headers: { authorization: token }, body: form });
    return ((await res.json()) as Envelope<FileView>).data.id;
  }

  async function enterpriseData(token: string, legalPhone = newPhone()) {
    const ids = await Promise.all(Array.from({ length: 6 }, () => upload(token)));
    return {
      name: '杭州链上付测试科技有限公司',
      creditCode: '91350100M000100Y43',
      location: ['33', '3301', '330106'],
      address: '文三路 90 号 5 楼',
      industry: '65',
      legalName: '张三',
      legalIdImages: ids.slice(0, 3),
      legalIdExpiry: 'longTerm',
      legalPhone,
      smsCode: await sendCode(s, legalPhone, 'verify', token),
      bankAccountName: '杭州链上付测试科技有限公司',
      bankAccount: '3301040160000123456',
      bankBranch: { bank: '中国工商银行', region: ['33', '3301', '330106'], branch: '杭州文三路支行' },
      openingPermit: [ids[3]],
      indoorPhoto: [ids[4]],
      doorPhoto: [ids[5]],
    };
  }

  const submit = (token: string, kind: string, data: unknown) => s.call<AuthDetail>('POST', '/api/system/authentication/submit', { token, body: { kind, data } });
  const current = (token: string) => s.call<{ authStatus: string; latest: AuthDetail | null }>('GET', '/api/system/authentication/current', { token });

  it('serves the form definitions the console renders', async () => {
    const { token } = await signedIn(s);
    const res = await s.call<FormDefinition>('GET', '/api/meta/forms/enterpriseAuth', { token });
    expect(res.body.data.form.fields).toContain('creditCode');
    expect(res.body.data.labels['zh-CN'].title).toBe('企业认证');
    expect((await s.call('GET', '/api/meta/forms/nothing', { token })).status).toBe(404);
  });

  it('starts a first enterprise submission from the name given at registration (issue 17)', async () => {
    const enterprise = await signedIn(s, { userType: 'enterprise', enterpriseName: '预填名称科技有限公司' });
    expect((await current(enterprise.token)).body.data).toEqual({ authStatus: 'unverified', kind: 'enterprise', latest: null, prefill: { name: '预填名称科技有限公司' } });
    // A personal account registered under its phone: that is no enterprise name, before or after the change.
    const person = await signedIn(s);
    expect((await current(person.token)).body.data).toMatchObject({ kind: 'personal', prefill: {} });
    expect((await s.call('GET', '/api/system/authentication/pChangeE', { token: person.token })).status).toBe(200);
    expect((await current(person.token)).body.data).toMatchObject({ kind: 'enterprise', prefill: {} });
  });

  it('rejects invalid data field by field and writes nothing', async () => {
    const { token } = await signedIn(s, { userType: 'enterprise', enterpriseName: '某某公司' });
    const data = await enterpriseData(token);
    const res = await submit(token, 'enterprise', { ...data, creditCode: '91350100M000100Y44', location: ['33', '3301', '110105'], legalIdImages: data.legalIdImages.slice(0, 2), industry: 'Z9', legalIdExpiry: 'forever' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data as object).sort()).toEqual(['creditCode', 'industry', 'legalIdExpiry', 'legalIdImages']);
    expect((res.body.data as unknown as Record<string, string>).creditCode).toBe('请输入正确的统一社会信用代码');
    const region = await submit(token, 'enterprise', { ...data, location: ['33', '3301', '110105'] });
    expect(region.body.data).toEqual({ location: '请选择完整的省、市、区' });
    expect((await submit(token, 'personal', data)).body.data).toEqual({ kind: '取值无效' });
    expect((await current(token)).body.data).toMatchObject({ authStatus: 'unverified', latest: null });
  });

  it('refuses uploads of another account and a wrong legal-representative code', async () => {
    const a = await signedIn(s, { userType: 'enterprise', enterpriseName: '甲公司' });
    const b = await signedIn(s, { userType: 'enterprise', enterpriseName: '乙公司' });
    const data = await enterpriseData(a.token);
    const foreign = await submit(a.token, 'enterprise', { ...data, doorPhoto: [await upload(b.token)] });
    expect(foreign.body.data).toEqual({ doorPhoto: '请重新上传该文件' });
    const wrongCode = await submit(a.token, 'enterprise', { ...data, smsCode: data.smsCode === '000000' ? '111111' : '000000' });
    expect(wrongCode.body.data).toEqual({ smsCode: '验证码错误' });
  });

  it('goes submitted -> rejected with a reason -> resubmitted -> approved', async () => {
    const owner = await signedIn(s, { userType: 'enterprise', enterpriseName: '临时名称' });
    const data = await enterpriseData(owner.token);
    const first = await submit(owner.token, 'enterprise', data);
    expect(first.body.data).toMatchObject({ status: 'submitted', kind: 'enterprise' });
    expect(first.body.data.data).not.toHaveProperty('smsCode');
    expect((await submit(owner.token, 'enterprise', data)).body).toMatchObject({ code: 409, msg: '认证资料正在审核中，请耐心等待' });

    const queue = await s.call<Page<AuthDetail & { accountName: string }>>('GET', '/api/ops/authentications?status=submitted', { token: ops });
    const mine = queue.body.data.records.find((r) => r.id === first.body.data.id);
    expect(mine).toMatchObject({ accountName: '临时名称', status: 'submitted' });
    const file = await s.call<FileView>('GET', `/api/files/${(data.legalIdImages as string[])[0]}`, { token: ops });
    expect(file.body.code).toBe(200);

    expect((await s.call('POST', `/api/ops/authentications/${mine!.id}/reject`, { token: ops, body: {} })).status).toBe(400);
    const rejected = await s.call('POST', `/api/ops/authentications/${mine!.id}/reject`, { token: ops, body: { reason: '门头照片不清晰' } });
    expect(rejected.body.code).toBe(200);
    const seen = await current(owner.token);
    expect(seen.body.data).toMatchObject({ authStatus: 'rejected', latest: { status: 'rejected', reason: '门头照片不清晰' } });
    expect(seen.body.data.latest?.data.creditCode).toBe('91350100M000100Y43'); // for pre-filling the resubmission

    const again = await enterpriseData(owner.token, String(data.legalPhone));
    const second = await submit(owner.token, 'enterprise', again);
    expect(second.body.data.status).toBe('submitted');
    const approve = await s.call('POST', `/api/ops/authentications/${second.body.data.id}/approve`, { token: ops });
    expect(approve.body.code).toBe(200);
    expect((await s.call('POST', `/api/ops/authentications/${second.body.data.id}/approve`, { token: ops })).status).toBe(409);
    const info = await s.call<UserInfo>('GET', '/api/system/users/info', { token: owner.token });
    expect(info.body.data).toMatchObject({ authStatus: 'approved', accountName: '杭州链上付测试科技有限公司' });
    expect((await s.call<number>('POST', '/api/system/newTodo/todoCount', { token: owner.token, body: { businessType: '0' } })).body.data).toBe(0);
    const messages = await s.call<Page<{ kind: string; content: string }>>('POST', '/api/system/message/list', { token: owner.token, body: {} });
    expect(messages.body.data.records.map((m) => m.kind)).toEqual(expect.arrayContaining(['authApproved', 'authRejected']));
    expect(messages.body.data.records.find((m) => m.kind === 'authRejected')?.content).toContain('门头照片不清晰');
    expect((await submit(owner.token, 'enterprise', again)).status).toBe(409);
  });

  it('keeps the review to operations staff and the submission to the owner', async () => {
    const owner = await signedIn(s, { userType: 'enterprise', enterpriseName: '丙公司' });
    expect((await s.call('GET', '/api/ops/authentications', { token: owner.token })).status).toBe(403);
    const operator = await addOperator(s, owner.phone, 'admin');
    expect((await submit(operator.token, 'enterprise', {})).body).toMatchObject({ code: 403, msg: '只有账号所有者可以办理' });
  });

  it('names a person by the masked phone until authenticated, then by the authenticated name; operations by the platform (issue 28)', async () => {
    const person = await signedIn(s);
    const info = async (token: string) => (await s.call<UserInfo>('GET', '/api/system/users/info', { token })).body.data;
    // Never the full number as a name other accounts read (contract parties, receipts, payees).
    expect(await info(person.token)).toMatchObject({ name: maskPhone(person.phone), accountName: maskPhone(person.phone) });
    const ids = await Promise.all(Array.from({ length: 6 }, () => upload(person.token)));
    const submitted = await submit(person.token, 'personal', {
      name: '王小明',
      sex: 'male',
      occupation: 'selfEmployed',
      occupationDetail: '经营建材店',
      phone: person.phone,
      idNumber: idNumber('11010519491231003'),
      idExpiry: '2035-06-30',
      idImages: ids.slice(0, 3),
      bankCardNumber: '6228480045123456787',
      bankName: '中国农业银行',
      bankCardImages: ids.slice(3, 5),
      proof: [ids[5]],
      location: ['11', '1101', '110105'],
      industry: '52',
    });
    expect(submitted.body.code, JSON.stringify(submitted.body)).toBe(200);
    expect((await s.call('POST', `/api/ops/authentications/${submitted.body.data.id}/approve`, { token: ops })).status).toBe(200);
    expect(await info(person.token)).toMatchObject({ name: '王小明', accountName: '王小明', authStatus: 'approved' });
    expect((await info(ops)).name).toBe(PLATFORM_OPS_NAME);

    // A store made before: the approved person named by its full phone, another person too, ops by a masked phone.
    const other = await signedIn(s);
    const me = await info(person.token);
    const opsInfo = await info(ops);
    await s.ctx.db.update(accounts).set({ name: person.phone }).where(eq(accounts.id, me.accountId));
    await s.ctx.db.update(users).set({ name: maskPhone(person.phone) }).where(eq(users.id, me.id));
    await s.ctx.db.update(accounts).set({ name: other.phone }).where(eq(accounts.id, (await info(other.token)).accountId));
    await s.ctx.db.update(users).set({ name: opsInfo.maskedPhone }).where(eq(users.id, opsInfo.id));
    await nameAccounts(s.ctx.db);
    expect(await info(person.token)).toMatchObject({ name: '王小明', accountName: '王小明' });
    expect(await info(other.token)).toMatchObject({ name: maskPhone(other.phone), accountName: maskPhone(other.phone) });
    expect((await info(ops)).name).toBe(PLATFORM_OPS_NAME);
    // Done once: a second start changes nothing.
    await nameAccounts(s.ctx.db);
    expect((await info(person.token)).accountName).toBe('王小明');
  });

  it('authenticates a person, and turns a personal account into an enterprise one', async () => {
    const person = await signedIn(s);
    const ids = await Promise.all(Array.from({ length: 6 }, () => upload(person.token)));
    const res = await submit(person.token, 'personal', {
      name: '李四',
      sex: 'female',
      occupation: 'selfEmployed',
      occupationDetail: '经营五金店',
      phone: person.phone,
      idNumber: idNumber('11010519491231002'),
      idExpiry: '2035-06-30',
      idImages: ids.slice(0, 3),
      bankCardNumber: '6228480045123456787',
      bankName: '中国农业银行',
      bankCardImages: ids.slice(3, 5),
      proof: [ids[5]],
      location: ['11', '1101', '110105'],
      industry: '52',
    });
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'personal', status: 'submitted' } });
    expect((await s.call('GET', '/api/system/authentication/pChangeE', { token: person.token })).status).toBe(409);

    const other = await signedIn(s);
    const changed = await s.call<UserInfo>('GET', '/api/system/authentication/pChangeE', { token: other.token });
    expect(changed.body.data).toMatchObject({ type: 'enterprise', authStatus: 'unverified' });
    expect((await s.call('GET', '/api/system/authentication/pChangeE', { token: other.token })).body).toMatchObject({ code: 409, msg: '当前已是企业账号' });
  });
});
