// Browser journey of the machine access (issue 30 items 4, 5) in real Chromium: the owner creates
// an API key in the account centre (its secret shown once, and it works), registers a webhook
// endpoint at a real local receiver (its signing secret shown once), a bill is paid, and the
// delivery shows in the endpoint's log as delivered; the receiver got it, signed.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane } from '../support/console';
import { startReceiver, type Receiver } from '../support/receiver';
import { apiCall, openSignedIn } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000301', ADMIN_PASSWORD: 'Ops#Keys2026' };

describe.skipIf(!chromiumPath)('browser journey: an API key and a webhook (issue 30)', () => {
  let e2e: E2eApp;
  let receiver: Receiver;

  beforeAll(async () => {
    e2e = await startE2e(ADMIN);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await e2e?.close();
    await receiver?.close();
  });

  it('creates a key and an endpoint; a bill paid shows as delivered in the log', async () => {
    const { world } = e2e;
    const tag = crypto.randomUUID().slice(0, 6);
    const payer = await world.party({ name: `杭州密钥旅程${tag}有限公司`, approved: true, balance: '30000.00' });
    const payee = await world.party({ name: `苏州密钥旅程${tag}有限公司`, approved: true });
    const bill = await world.bill({ state: 'confirmed', payer, payee, amount: '5000.00' });
    const owner = await openSignedIn(e2e, payer.token, STEP_MS);
    const { page } = owner;

    // --- An API key: created, its secret shown once, and it reads the account's bills ---
    await page.goto('/operator/apiKeys');
    await pane(page).getByText('暂无密钥').waitFor();
    await pane(page).getByRole('button', { name: '创建密钥' }).click();
    const dialog = page.getByRole('dialog', { name: '创建密钥' });
    await dialog.getByLabel('名称').fill('ERP 对账');
    await dialog.getByRole('button', { name: '创建密钥' }).click();
    const shown = page.getByRole('dialog', { name: '请立即复制密钥' });
    const secret = (await shown.getByTestId('secret-密钥').innerText()).trim();
    expect(secret).toMatch(/^lsf_/);
    await shown.getByRole('button', { name: '我已保存' }).click();
    const row = pane(page).locator('tr', { hasText: 'ERP 对账' });
    await row.getByText('有效').waitFor();
    await row.getByText('只读').waitFor();
    await row.getByText(`${secret.slice(0, 10)}…`).waitFor();
    const read = await fetch(`${e2e.baseUrl}/api/r/bills?pageSize=50`, { headers: { authorization: `Bearer ${secret}` } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: ListPage<ResourceRecord> }).data.records.map((r) => r.id)).toContain(bill.id);

    // --- A webhook endpoint at the local receiver, for bill payments ---
    await page.goto('/operator/webhooks');
    await pane(page).getByText('暂无接收地址').waitFor();
    await pane(page).getByRole('button', { name: '添加接收地址' }).click();
    const add = page.getByRole('dialog', { name: '添加接收地址' });
    await add.getByLabel('地址').fill(`${receiver.origin}/journey`);
    await add.getByLabel('事件').click();
    await add.getByLabel('事件').fill('bills.pay');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '(bills.pay)' }).click();
    // A multiple select keeps its list open: closed by a click outside it, on the dialog's title.
    await add.locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    await add.getByRole('button', { name: '添加接收地址' }).click();
    const secretDialog = page.getByRole('dialog', { name: '请立即复制签名密钥' });
    const signingSecret = (await secretDialog.getByTestId('secret-签名密钥').innerText()).trim();
    expect(signingSecret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: '我已保存' }).click();
    const endpointRow = pane(page).locator('tr', { hasText: `${receiver.origin}/journey` });
    await endpointRow.getByText('启用').first().waitFor();
    await pane(page).getByText('暂无推送记录').waitFor();

    // --- A move: the bill is paid; the log shows the delivery, the receiver has it, signed ---
    await world.billStep(payer, String(bill.id), 'pay', { payAmount: '1200.00' }, true);
    const log = pane(page).getByRole('table', { name: '推送记录' });
    await log.locator('tr', { hasText: 'bills.pay' }).getByText('已送达').waitFor({ timeout: STEP_MS });
    await log.locator('tr', { hasText: 'bills.pay' }).getByText('200').waitFor();
    const got = receiver.received.filter((r) => r.path === '/journey');
    expect(got).toHaveLength(1);
    const expected = `v1=${createHmac('sha256', signingSecret).update(`${String(got[0].headers['x-lsf-webhook-timestamp'])}.${got[0].body}`).digest('hex')}`;
    expect(got[0].headers['x-lsf-webhook-signature']).toBe(expected);
    expect(JSON.parse(got[0].body)).toMatchObject({ type: 'bills.pay', record: { id: bill.id, state: 'partiallyPaid' } });

    // --- Re-send from the log: the receiver gets it again ---
    await log.getByRole('button', { name: '重新推送' }).click();
    await expect.poll(() => receiver.received.filter((r) => r.path === '/journey').length, { timeout: STEP_MS }).toBe(2);
    expect((await apiCall<ResourceRecord>(e2e.baseUrl, 'GET', `/api/r/bills/${String(bill.id)}`, undefined, payer.token)).data.state).toBe('partiallyPaid');
    expect(owner.errors, 'page errors').toEqual([]);
  });
});
