// API keys per enterprise and signed money requests (issue 30 item 4), over the API: a key acts
// with its operator type's grants through the same decision as an operator of that type, never
// manages keys or operators, is refused once revoked or expired, has its own rate limit, and takes
// a money step only with the money scope and a fresh, unused request signature in place of the
// SMS code; the audit trail names the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Page } from '../../src/shared/api';
import type { ApiKeyView, CreatedApiKey } from '../../src/shared/apiKeys';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { createKey, keyCall, unixOf } from '../support/machines';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { worldOf, type Party, type World } from '../support/world';

const OPS = { phone: '13800000301', password: 'Admin#2026' };

describe.skipIf(!dbAvailable)('API keys and signed money requests', { timeout: 240_000 }, () => {
  let s: TestServer;
  let world: World;
  let payer: Party;
  let payee: Party;
  let bill: ResourceRecord;
  let viewer: CreatedApiKey;
  let finance: CreatedApiKey;
  let money: CreatedApiKey;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    world = worldOf({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    payer = await world.party({ name: '密钥付款方有限公司', approved: true, balance: '50000.00' });
    payee = await world.party({ name: '密钥收款方有限公司', approved: true });
    bill = await world.bill({ state: 'confirmed', payer, payee, amount: '3000.00' });
    viewer = await createKey(s.baseUrl, payer.token, { name: 'ERP 只读', role: 'viewer' });
    finance = await createKey(s.baseUrl, payer.token, { name: 'ERP 财务（无资金）', role: 'finance' });
    money = await createKey(s.baseUrl, payer.token, { name: 'ERP 付款', role: 'finance', money: true, smsCode: await world.smsCode(payer) });
  }, 240_000);
  afterAll(() => s?.close());

  const pay = (key: CreatedApiKey, amount: string, sign?: { at?: number; secret?: string }) =>
    keyCall<ResourceRecord>(s.baseUrl, key.secret, 'POST', `/api/r/bills/${String(bill.id)}/actions/pay`, {
      body: { payAmount: amount },
      idempotent: true,
      ...(sign ? { sign: { secret: sign.secret ?? key.signingSecret, at: sign.at ?? unixOf(s.clock) } } : {}),
    });

  it('shows a new key its secrets once: lsf_ secret and signing secret; the list shows neither', async () => {
    expect(money.secret).toMatch(/^lsf_[A-Za-z0-9_-]{43}$/);
    expect(money.key).toMatchObject({ name: 'ERP 付款', role: 'finance', money: true, status: 'active', lastUsedAt: null, prefix: money.secret.slice(0, 10) });
    const list = await s.call<{ records: ApiKeyView[] }>('GET', '/api/api-keys', { token: payer.token });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((k) => k.name).sort()).toEqual(['ERP 付款', 'ERP 只读', 'ERP 财务（无资金）'].sort());
    expect(JSON.stringify(list.body.data)).not.toContain(money.secret);
    expect(JSON.stringify(list.body.data)).not.toContain(money.signingSecret);
  });

  it('a money key is confirmed as a money step: without a code it is refused and nothing is made', async () => {
    const res = await s.call('POST', '/api/api-keys', { token: payer.token, body: { name: '未确认', role: 'finance', money: true } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data as object)).toEqual(['smsCode']);
    const bad = await s.call('POST', '/api/api-keys', { token: payer.token, body: { name: 'x', role: 'owner' } });
    expect(bad.status).toBe(400);
    const list = await s.call<{ records: ApiKeyView[] }>('GET', '/api/api-keys', { token: payer.token });
    expect(list.body.data.records.some((k) => k.name === '未确认' || k.name === 'x')).toBe(false);
  });

  it('a viewer-type key reads what a viewer reads and cannot act (the same decision as an operator of the type)', async () => {
    const list = await keyCall<{ records: ResourceRecord[] }>(s.baseUrl, viewer.secret, 'GET', '/api/r/bills?pageSize=50');
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((r) => r.id)).toContain(bill.id);
    const one = await keyCall<ResourceRecord>(s.baseUrl, viewer.secret, 'GET', `/api/r/bills/${String(bill.id)}`, { asHeader: true });
    expect(one.status).toBe(200);
    expect(one.body.data.state).toBe('confirmed');
    const act = await pay(viewer, '1.00', {});
    expect(act.status).toBe(403);
  });

  it('a key manages no keys, no operators, no person settings', async () => {
    for (const [method, path] of [
      ['GET', '/api/api-keys'],
      ['GET', '/api/webhooks'],
      ['GET', '/api/system/users/querySubAccount'],
      ['GET', '/api/confirm/settings'],
      ['DELETE', '/api/logout'],
    ] as const) {
      const res = await keyCall(s.baseUrl, money.secret, method, path);
      expect({ path, status: res.status, reason: res.body.data }).toEqual({ path, status: 403, reason: { reason: 'apiKeyRouteNotAllowed' } });
    }
  });

  it('refuses a money action without the money scope, an unsigned one, a wrong, stale or malformed signature', async () => {
    const noScope = await pay(finance, '1.00', {});
    expect(noScope.status).toBe(403);
    expect(noScope.body.data).toEqual({ reason: 'apiKeyMoneyScope' });
    const unsigned = await pay(money, '1.00');
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.data).toEqual({ reason: 'apiKeySignatureRequired' });
    const wrong = await pay(money, '1.00', { secret: 'lsfsig_not-the-secret' });
    expect([wrong.status, wrong.body.data]).toEqual([401, { reason: 'apiKeySignatureInvalid' }]);
    const stale = await pay(money, '1.00', { at: unixOf(s.clock) - 6 * 60 });
    expect([stale.status, stale.body.data]).toEqual([401, { reason: 'apiKeySignatureStale' }]);
    const ahead = await pay(money, '1.00', { at: unixOf(s.clock) + 6 * 60 });
    expect([ahead.status, ahead.body.data]).toEqual([401, { reason: 'apiKeySignatureStale' }]);
    const malformed = await keyCall(s.baseUrl, money.secret, 'POST', `/api/r/bills/${String(bill.id)}/actions/pay`, { body: { payAmount: '1.00' }, idempotent: true, headers: { 'x-lsf-timestamp': 'soon', 'x-lsf-signature': 'abc' } });
    expect([malformed.status, malformed.body.data]).toEqual([401, { reason: 'apiKeySignatureMalformed' }]);
    const after = await s.call<ResourceRecord>('GET', `/api/r/bills/${String(bill.id)}`, { token: payer.token });
    expect(after.body.data.state).toBe('confirmed');
  });

  it('pays a bill with a signed request in place of the SMS code; the same signature again is refused', async () => {
    const at = unixOf(s.clock);
    const path = `/api/r/bills/${String(bill.id)}/actions/pay`;
    const sign = { secret: money.signingSecret, at };
    const first = await keyCall<ResourceRecord>(s.baseUrl, money.secret, 'POST', path, { body: { payAmount: '1000.00' }, idempotent: true, sign });
    expect(first.status).toBe(200);
    expect(first.body.data.state).toBe('partiallyPaid');
    // The very same request (its signature), even with another Idempotency-Key: refused, nothing paid twice.
    const replay = await keyCall<ResourceRecord>(s.baseUrl, money.secret, 'POST', path, { body: { payAmount: '1000.00' }, idempotent: true, sign });
    expect([replay.status, replay.body.data]).toEqual([401, { reason: 'apiKeySignatureReplayed' }]);
    const record = await s.call<ResourceRecord & { openAmount?: string; events: { action: string; actor: unknown }[] }>('GET', `/api/r/bills/${String(bill.id)}`, { token: payer.token });
    expect(record.body.data.state).toBe('partiallyPaid');
    // The record's history names the key the payment came through, with the person and account it acts for.
    expect(record.body.data.events.filter((e) => e.action === 'pay').at(-1)?.actor).toMatchObject({ kind: 'person', apiKey: 'ERP 付款', accountName: expect.any(String) as unknown });
    // Spent signatures are kept until their window ends, then purged (the job); the timestamp alone refuses them after.
    const purge = s.ctx.tasks.get('apiKeys.purgeSignatures')!;
    expect(await purge(s.ctx, s.clock.now())).toBe(0);
    expect(await purge(s.ctx, new Date((at + 5 * 60 + 1) * 1000))).toBeGreaterThanOrEqual(1);
    // A body changed under a signature: refused.
    const tampered = await fetch(s.baseUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${money.secret}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), 'x-lsf-timestamp': String(at + 1), 'x-lsf-signature': (await import('../../src/server/confirm/requestSignature')).signRequest(money.signingSecret, 'POST', path, String(at + 1), JSON.stringify({ payAmount: '1.00' })) },
      body: JSON.stringify({ payAmount: '2000.00' }),
    });
    expect(tampered.status).toBe(401);
  });

  it("the audit trail names the key; the list shows the key's last use", async () => {
    const audit = await s.call<Page<AuditEntry>>('GET', '/api/audit?resource=bills&action=pay', { token: payer.token });
    expect(audit.status).toBe(200);
    const byKey = audit.body.data.records.find((e) => e.recordId === bill.id && e.actor.kind === 'person' && e.actor.apiKey);
    expect(byKey?.actor).toMatchObject({ kind: 'person', apiKey: { id: money.key.id, name: 'ERP 付款' } });
    const list = await s.call<{ records: ApiKeyView[] }>('GET', '/api/api-keys', { token: payer.token });
    const used = list.body.data.records.find((k) => k.id === money.key.id);
    expect(used?.lastUsedAt).toBe(s.clock.now().toISOString());
  });

  it('a revoked key and an expired key answer 401 with their reason', async () => {
    const doomed = await createKey(s.baseUrl, payer.token, { name: '将吊销', role: 'viewer' });
    expect((await keyCall(s.baseUrl, doomed.secret, 'GET', '/api/r/bills')).status).toBe(200);
    const revoked = await s.call<ApiKeyView>('POST', `/api/api-keys/${doomed.key.id}/revoke`, { token: payer.token });
    expect(revoked.body.data.status).toBe('revoked');
    const after = await keyCall(s.baseUrl, doomed.secret, 'GET', '/api/r/bills');
    expect([after.status, after.body.data]).toEqual([401, { reason: 'apiKeyRevoked' }]);
    // Another account cannot revoke this account's keys.
    expect((await s.call('POST', `/api/api-keys/${money.key.id}/revoke`, { token: payee.token })).status).toBe(404);

    const brief = await createKey(s.baseUrl, payer.token, { name: '一小时', role: 'viewer', expiresAt: new Date(s.clock.now().getTime() + 3600_000).toISOString() });
    expect((await keyCall(s.baseUrl, brief.secret, 'GET', '/api/r/bills')).status).toBe(200);
    s.clock.advance(3600_000 + 1000);
    const expired = await keyCall(s.baseUrl, brief.secret, 'GET', '/api/r/bills');
    expect([expired.status, expired.body.data]).toEqual([401, { reason: 'apiKeyExpired' }]);
    const unknown = await keyCall(s.baseUrl, 'lsf_' + 'x'.repeat(43), 'GET', '/api/r/bills');
    expect([unknown.status, unknown.body.data]).toEqual([401, { reason: 'apiKeyUnknown' }]);
    const past = await s.call('POST', '/api/api-keys', { token: payer.token, body: { name: '过去', role: 'viewer', expiresAt: '2020-01-01T00:00:00Z' } });
    expect(past.status).toBe(400);
  });

  it('an operator (not the owner) manages no keys', async () => {
    const res = await s.call('GET', '/api/api-keys', { token: payee.token });
    expect(res.status).toBe(200);
    expect((res.body.data as { records: unknown[] }).records).toEqual([]);
  });
});

describe.skipIf(!dbAvailable)('an API key has its own rate limit', { timeout: 120_000 }, () => {
  let s: TestServer;
  afterAll(() => s?.close());
  it('past RATE_LIMIT_API_KEY a key answers 429 with Retry-After; its owner signed in is not limited by it', async () => {
    s = await startTestServer({ RATE_LIMIT_API_KEY: '3/60' });
    const world = worldOf({ baseUrl: s.baseUrl, clock: s.clock });
    const owner = await world.party({ name: '限流测试有限公司' });
    const key = await createKey(s.baseUrl, owner.token, { name: '限流', role: 'viewer' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await keyCall(s.baseUrl, key.secret, 'GET', '/api/r/bills')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await keyCall(s.baseUrl, key.secret, 'GET', '/api/r/bills');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.call('GET', '/api/r/bills', { token: owner.token })).status).toBe(200);
    s.clock.advance(61_000);
    expect((await keyCall(s.baseUrl, key.secret, 'GET', '/api/r/bills')).status).toBe(200);
  });
});
