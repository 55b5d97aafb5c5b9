// SPEC §7 Personal and agreements: the agreements an account accepted (with the mutual
// variant's platform filter), one document by id, the index of current agreements, the
// historical settlement rules and the example terms, all from documents/agreements/*.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementDocumentView, AgreementListItem } from '../../src/shared/api';
import { PASSWORD, latestCode, loginPassword, newPhone, signedIn } from '../support/flows';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

type Item = AgreementListItem;
type Doc = AgreementDocumentView & { agreed?: boolean };

describe.skipIf(!dbAvailable)('personal agreements API', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('lists what the account accepted, per platform, including its operators', async () => {
    const owner = await signedIn(s, { userType: 'enterprise', enterpriseName: '协议测试有限公司' });
    const empty = await s.call<{ records: Item[]; total: number }>('POST', '/api/system/personal/agreementlist', { token: owner.token, body: {} });
    expect(empty.body).toMatchObject({ code: 200, data: { records: [], total: 0 } });

    await s.call('GET', '/api/system/LoginPlatform/confirm?platform=lsf', { token: owner.token });
    s.clock.advance(60_000);
    await s.call('GET', '/api/system/LoginPlatform/confirm?platform=xhn', { token: owner.token });
    const phone = newPhone();
    s.clock.advance(61_000);
    await s.call('POST', '/api/system/users/subAccount', { token: owner.token, body: { name: '王财务', phone, operatorType: 'finance' } });
    const code = await latestCode(s, phone);
    await s.call('POST', '/api/system/users/bindSubAccount', { body: { phone, code, password: PASSWORD } });
    const op = (await loginPassword(s, phone)).body.data.access_token;
    s.clock.advance(60_000);
    await s.call('GET', '/api/system/LoginPlatform/confirm?platform=lsf', { token: op });

    const all = await s.call<{ records: Item[]; total: number }>('POST', '/api/system/personal/agreementlist', { token: owner.token, body: {} });
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.records.map((r) => [r.id, r.agreedBy])).toEqual([
      ['lsf-2026.11', '王财务'],
      ['xhn-2026.11', '协议测试有限公司'],
      ['lsf-2026.11', '协议测试有限公司'],
    ]);
    expect(all.body.data.records[0].title).toBe('链上付平台服务协议');
    const mutual = await s.call<{ records: Item[]; total: number }>('POST', '/api/system/personal/agreementlist', { token: owner.token, body: { platform: 'xhn' } });
    expect(mutual.body.data.records.map((r) => r.platform)).toEqual(['xhn']);

    const stranger = await signedIn(s);
    const theirs = await s.call<{ total: number }>('POST', '/api/system/personal/agreementlist', { token: stranger.token, body: {} });
    expect(theirs.body.data.total).toBe(0);
  });

  it('serves one document in the caller language, and 404 for an unknown id', async () => {
    const { token } = await signedIn(s);
    const zh = await s.call<Doc>('GET', '/api/system/personal/agreement/lsf-2026.11', { token });
    expect(zh.body.data).toMatchObject({ id: 'lsf-2026.11', kind: 'platform', title: '链上付平台服务协议' });
    expect(zh.body.data.sections.length).toBeGreaterThan(3);
    const en = await s.call<Doc>('GET', '/api/system/personal/agreement/lsf-2026.11', { token, lang: 'en-US' });
    expect(en.body.data.title).not.toBe(zh.body.data.title);
    expect(en.body.data.sections.length).toBe(zh.body.data.sections.length);
    expect((await s.call('GET', '/api/system/personal/agreement/nope-1', { token })).status).toBe(404);
    expect((await s.call('GET', '/api/system/personal/agreement/lsf-2026.11')).status).toBe(401);
  });

  it('indexes the current agreements with this user acceptance', async () => {
    const { token } = await signedIn(s);
    await s.call('GET', '/api/system/LoginPlatform/confirm?platform=lsf', { token });
    const res = await s.call<Doc[]>('POST', '/api/system/personal/agreement/callindex', { token, body: {} });
    const byId = Object.fromEntries(res.body.data.map((d) => [d.id, d.agreed]));
    expect(byId['lsf-2026.11']).toBe(true);
    expect(byId['xhn-2026.11']).toBe(false);
  });

  it('answers the historical rules newest first, and the example settlement terms', async () => {
    const { token } = await signedIn(s);
    const rules = await s.call<{ records: Doc[]; total: number }>('POST', '/api/system/personal/historyagreement', { token, body: { pageNo: 1, pageSize: 10 } });
    expect(rules.body.data.total).toBe(2);
    expect(rules.body.data.records.map((d) => d.effectiveFrom)).toEqual(['2026-03-01', '2025-06-01']);
    const paged = await s.call<{ records: Doc[] }>('POST', '/api/system/personal/historyagreement', { token, body: { pageNo: 2, pageSize: 1 } });
    expect(paged.body.data.records.map((d) => d.id)).toEqual(['rules-2025.06']);
    const bad = await s.call<Record<string, string>>('POST', '/api/system/personal/historyagreement', { token, body: { pageSize: 0 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toEqual(['pageSize']);
    const demo = await s.call<Doc>('GET', '/api/system/personal/demoDetail', { token });
    expect(demo.body.data).toMatchObject({ kind: 'demo', title: '结算条款示例' });
  });
});
