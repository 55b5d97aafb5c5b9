// Signed webhooks (issue 30 item 5) against a real local HTTP receiver: an owner registers an
// endpoint; each subscribed event its account may read is POSTed signed (verified with the
// snippet docs/machines.md gives), retried on the documented schedule while the receiver fails or
// is down, delivered once it is up, re-sent on demand; an endpoint failing for 3 days is disabled
// and its owner told; two nodes on one database deliver each event once per endpoint.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView, Page } from '../../src/shared/api';
import type { CreatedApiKey, CreatedWebhookEndpoint, WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '../../src/shared/apiKeys';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { repoRoot } from '../../src/server/paths';
import { createKey, keyCall, unixOf } from '../support/machines';
import { startReceiver, type Receiver } from '../support/receiver';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { worldOf, type Party } from '../support/world';

const OPS = { phone: '13800000302', password: 'Admin#2026' };

/** A snippet of docs/machines.md between its markers, as a function a receiver would run. */
function docSnippet<T>(marker: string, name: string): T {
  const doc = fs.readFileSync(path.join(repoRoot, 'docs/machines.md'), 'utf8');
  const block = new RegExp(`<!-- ${marker}:start -->\\s*\`\`\`js\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${marker}:end -->`).exec(doc);
  if (!block) throw new Error(`docs/machines.md has no ${marker} snippet`);
  return new Function('require', `${block[1]}\nreturn ${name};`)(createRequire(import.meta.url)) as T;
}
type Verify = (secret: string, headers: Record<string, unknown>, rawBody: string, nowSeconds?: number) => boolean;
type SignedHeaders = (secret: string, method: string, path: string, body: string, nowSeconds?: number) => Record<string, string>;

describe.skipIf(!dbAvailable)('webhooks', { timeout: 300_000 }, () => {
  let s: TestServer;
  let receiver: Receiver;
  let payer: Party;
  let bill: ResourceRecord;
  let key: CreatedApiKey;
  const verify = docSnippet<Verify>('verify-webhook', 'verifyWebhook');
  const signedHeaders = docSnippet<SignedHeaders>('sign-request', 'signedHeaders');

  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    receiver = await startReceiver();
    const world = worldOf({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    payer = await world.party({ name: '通知付款方有限公司', approved: true, balance: '80000.00' });
    const payee = await world.party({ name: '通知收款方有限公司', approved: true });
    bill = await world.bill({ state: 'confirmed', payer, payee, amount: '60000.00' });
    key = await createKey(s.baseUrl, payer.token, { name: '通知测试', role: 'finance', money: true, smsCode: await world.smsCode(payer) });
  }, 240_000);
  afterAll(async () => {
    await s?.close();
    await receiver?.close();
  });

  /**
   * A move: the payer's key pays 1.00 of the bill, signed as docs/machines.md signs (on `node`). A
   * second later each time: the same request in the same second carries the same signature, a replay.
   */
  const pay = async (node: TestServer = s) => {
    s.clock.advance(1000);
    if (node !== s) node.clock.advance(s.clock.now().getTime() - node.clock.now().getTime());
    const p = `/api/r/bills/${String(bill.id)}/actions/pay`;
    const body = JSON.stringify({ payAmount: '1.00' });
    const res = await fetch(node.baseUrl + p, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), ...signedHeaders(key.signingSecret, 'POST', p, body, unixOf(s.clock)) },
      body,
    });
    expect(res.status).toBe(200);
  };
  const send = (node: TestServer = s) => node.ctx.tasks.get('webhooks.send')!(node.ctx, node.clock.now());
  const register = async (token: string, url: string, eventTypes = ['bills.pay']) => {
    const res = await s.call<CreatedWebhookEndpoint>('POST', '/api/webhooks', { token, body: { url, eventTypes } });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const deliveries = async (endpointId: string) => (await s.call<Page<WebhookDeliveryView>>('GET', `/api/webhooks/${endpointId}/deliveries?pageSize=100`, { token: payer.token })).body.data.records;
  const at = (p: string) => receiver.received.filter((r) => r.path === p);

  it('registers https endpoints (http only to this machine outside production) with known event types; the secret once', async () => {
    const types = await s.call<WebhookEventType[]>('GET', '/api/webhooks/event-types', { token: payer.token });
    expect(types.body.data.map((t) => t.type)).toEqual(expect.arrayContaining(['bills.pay', 'bills.confirm', 'contracts.sign', 'deposits.create']));
    for (const [url, eventTypes] of [
      ['ftp://example.com/hook', ['bills.pay']],
      ['http://example.com/hook', ['bills.pay']],
      ['not a url', ['bills.pay']],
      [`${receiver.origin}/x`, ['bills.nothing']],
      [`${receiver.origin}/x`, []],
    ] as const) {
      const res = await s.call('POST', '/api/webhooks', { token: payer.token, body: { url, eventTypes } });
      expect(res.status).toBe(400);
    }
    const made = await register(payer.token, 'https://erp.example.com/lsf');
    expect(made.secret).toMatch(/^whsec_/);
    const list = await s.call<{ records: WebhookEndpointView[] }>('GET', '/api/webhooks', { token: payer.token });
    expect(list.body.data.records.map((e) => e.url)).toContain('https://erp.example.com/lsf');
    expect(JSON.stringify(list.body.data)).not.toContain(made.secret);
    // Not this example: it would be retried for 3 days in the tests below.
    expect((await s.call('DELETE', `/api/webhooks/${made.endpoint.id}`, { token: payer.token })).status).toBe(200);
    // A key cannot manage webhooks.
    expect((await keyCall(s.baseUrl, key.secret, 'GET', '/api/webhooks')).status).toBe(403);
  });

  it('delivers a move signed (the documented snippet verifies it); an account that may not read the record gets nothing', async () => {
    const mine = await register(payer.token, `${receiver.origin}/mine`);
    const world = worldOf({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    const stranger = await world.party({ name: '无关账户有限公司', approved: true });
    await register(stranger.token, `${receiver.origin}/stranger`);
    await pay();
    await send();
    await expect.poll(() => at('/mine').length).toBe(1);
    const got = at('/mine')[0];
    expect(verify(mine.secret, got.headers, got.body, unixOf(s.clock))).toBe(true);
    expect(verify(mine.secret, got.headers, got.body.replace('1.00', '9.00'), unixOf(s.clock))).toBe(false);
    expect(verify('whsec_other', got.headers, got.body, unixOf(s.clock))).toBe(false);
    expect(verify(mine.secret, got.headers, got.body, unixOf(s.clock) + 600)).toBe(false);
    const payload = JSON.parse(got.body) as { id: string; type: string; event: Record<string, unknown>; record: ResourceRecord };
    expect(payload.id).toBe(got.headers['x-lsf-webhook-id']);
    expect(payload).toMatchObject({ type: 'bills.pay', event: { resource: 'bills', action: 'pay', recordId: bill.id, input: { payAmount: '1.00' }, actor: { kind: 'apiKey', apiKeyId: key.key.id } }, record: { id: bill.id } });
    const [d] = await deliveries(mine.endpoint.id);
    expect(d).toMatchObject({ id: payload.id, status: 'delivered', attempts: 1, lastStatusCode: 200, eventType: 'bills.pay', nextAt: null });
    await send();
    expect(at('/stranger')).toEqual([]);
    await s.call('DELETE', `/api/webhooks/${mine.endpoint.id}`, { token: payer.token });
  });

  it('waits for a slow receiver (2 s) and records the time it took', async () => {
    const slow = await register(payer.token, `${receiver.origin}/slow`);
    receiver.answer = { status: 200, delayMs: 2000 };
    try {
      await pay();
      await send();
      await expect.poll(async () => (await deliveries(slow.endpoint.id))[0]?.status).toBe('delivered');
      expect((await deliveries(slow.endpoint.id))[0].lastDurationMs).toBeGreaterThanOrEqual(2000);
    } finally {
      receiver.answer = { status: 200, delayMs: 0 };
      await s.call('DELETE', `/api/webhooks/${slow.endpoint.id}`, { token: payer.token });
    }
  });

  it('gives up an attempt after 10 s without an answer and tries again on the schedule', async () => {
    const ep = await register(payer.token, `${receiver.origin}/stuck`);
    receiver.answer = { status: 200, delayMs: 11_000 };
    try {
      await pay();
      await send();
      await expect.poll(async () => (await deliveries(ep.endpoint.id))[0]?.attempts, { timeout: 20_000 }).toBe(1);
      const [d] = await deliveries(ep.endpoint.id);
      expect(d).toMatchObject({ status: 'pending', lastStatusCode: null, lastError: 'timeout after 10 s' });
      expect(d.lastDurationMs).toBeGreaterThanOrEqual(10_000);
      expect(d.lastDurationMs).toBeLessThan(11_000);
      expect(Date.parse(d.nextAt!) - Date.parse(d.lastAttemptAt!)).toBe(60_000);
    } finally {
      receiver.answer = { status: 200, delayMs: 0 };
      await s.call('DELETE', `/api/webhooks/${ep.endpoint.id}`, { token: payer.token });
    }
  });

  it('retries a failing (500), then down receiver with backoff and delivers once it is up; re-send sends it again', async () => {
    const ep = await register(payer.token, `${receiver.origin}/flaky`);
    receiver.answer = { status: 500, delayMs: 0 };
    await pay();
    await send();
    await expect.poll(async () => (await deliveries(ep.endpoint.id))[0]?.attempts).toBe(1);
    let [d] = await deliveries(ep.endpoint.id);
    expect(d).toMatchObject({ status: 'pending', lastStatusCode: 500, lastError: 'HTTP 500' });
    expect(Date.parse(d.nextAt!) - Date.parse(d.lastAttemptAt!)).toBe(60_000);
    // Not due yet: nothing is sent.
    await send();
    expect((await deliveries(ep.endpoint.id))[0].attempts).toBe(1);

    await receiver.down();
    s.clock.advance(60_000);
    await send();
    [d] = await deliveries(ep.endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: null, lastError: 'ECONNREFUSED' });
    expect(Date.parse(d.nextAt!) - Date.parse(d.lastAttemptAt!)).toBe(120_000);

    await receiver.up();
    receiver.answer = { status: 200, delayMs: 0 };
    s.clock.advance(120_000);
    await send();
    [d] = await deliveries(ep.endpoint.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, nextAt: null });
    const ids = at('/flaky').map((r) => r.headers['x-lsf-webhook-id']);
    expect(ids).toEqual([d.id, d.id]);
    const endpoint = (await s.call<{ records: WebhookEndpointView[] }>('GET', '/api/webhooks', { token: payer.token })).body.data.records.find((e) => e.id === ep.endpoint.id);
    expect(endpoint).toMatchObject({ enabled: true, failingSince: null });

    const again = await s.call<WebhookDeliveryView>('POST', `/api/webhooks/deliveries/${d.id}/resend`, { token: payer.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 200 });
    expect(at('/flaky').map((r) => r.headers['x-lsf-webhook-id'])).toEqual([d.id, d.id, d.id]);
    const last = at('/flaky')[2];
    expect(verify(ep.secret, last.headers, last.body, unixOf(s.clock))).toBe(true);
    // Another account's delivery is not found.
    const world = worldOf({ baseUrl: s.baseUrl, clock: s.clock });
    const other = await world.party({ name: '别家有限公司' });
    expect((await s.call('POST', `/api/webhooks/deliveries/${d.id}/resend`, { token: other.token })).status).toBe(404);
    await s.call('DELETE', `/api/webhooks/${ep.endpoint.id}`, { token: payer.token });
  });

  it('an endpoint failing for 3 days is retried on the documented schedule, then disabled, and its owner is told', async () => {
    const dead = await startReceiver();
    const url = `${dead.origin}/dead`;
    await dead.close();
    const ep = await register(payer.token, url);
    await pay();
    await send();
    const offsets: number[] = [];
    let first = 0;
    for (let i = 0; i < 40; i++) {
      const [d] = await deliveries(ep.endpoint.id);
      if (d.attempts > offsets.length) {
        if (!first) first = Date.parse(d.lastAttemptAt!);
        offsets.push((Date.parse(d.lastAttemptAt!) - first) / 60_000);
      }
      if (d.status !== 'pending') break;
      s.clock.advance(Date.parse(d.nextAt!) - s.clock.now().getTime());
      await send();
    }
    expect(offsets).toEqual([0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023, 1743, 2463, 3183, 3903, 4320]);
    const [d] = await deliveries(ep.endpoint.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 16, nextAt: null });
    const endpoint = (await s.call<{ records: WebhookEndpointView[] }>('GET', '/api/webhooks', { token: payer.token })).body.data.records.find((e) => e.id === ep.endpoint.id)!;
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const messages = await s.call<Page<MessageView>>('POST', '/api/system/message/list', { token: payer.token, body: { pageNo: 1, pageSize: 20 } });
    const told = messages.body.data.records.filter((m) => m.kind === 'webhookDisabled');
    expect(told).toHaveLength(1);
    expect(told[0].content).toContain(url);
    expect(told[0].link).toBe('/operator/webhooks');
    // Disabled: a new move is not sent to it; enabled again, its streak is forgotten.
    await pay();
    await send();
    expect((await deliveries(ep.endpoint.id)).length).toBe(1);
    const enabled = await s.call<WebhookEndpointView>('PUT', `/api/webhooks/${ep.endpoint.id}`, { token: payer.token, body: { enabled: true } });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await s.call('DELETE', `/api/webhooks/${ep.endpoint.id}`, { token: payer.token });
  });

  it('two nodes on one database deliver each event once per endpoint', async () => {
    const b = await startTestServer({}, undefined, { shareDatabaseOf: s });
    try {
      b.clock.advance(s.clock.now().getTime() - b.clock.now().getTime());
      const ep = await register(payer.token, `${receiver.origin}/two`);
      for (let i = 0; i < 6; i++) await pay(i % 2 ? b : s);
      await Promise.all([send(s), send(b), send(s), send(b)]);
      await expect.poll(() => at('/two').length).toBe(6);
      await Promise.all([send(s), send(b)]);
      const ids = at('/two').map((r) => String(r.headers['x-lsf-webhook-id']));
      expect(new Set(ids).size).toBe(6);
      expect(ids).toHaveLength(6);
      const log = await deliveries(ep.endpoint.id);
      expect(log.map((d) => [d.status, d.attempts])).toEqual(Array.from({ length: 6 }, () => ['delivered', 1]));
    } finally {
      await b.close();
    }
  });
});
