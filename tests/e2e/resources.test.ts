// Browser journeys of the generated resource pages (issue 4) in real Chromium against the real
// server (built console + API + fresh in-memory PGlite): a purchase-offer list filtered, sorted,
// paged and exported; an offer created through the form (region cascader, money input), published
// after confirmation and withdrawn with a reason. Each journey ends by checking the page logged
// no errors.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane, toast } from '../support/console';
import { apiCall, apiSignIn, approveAccount, registerAccount, settledUser, signInContext } from '../support/seed';

const LIST = '/outgoing/chainPayment';

const offerBody = (i: number) => ({
  title: `采购螺纹钢 第${i + 1}批`,
  category: i % 2 ? 'rawMaterial' : 'industrial',
  goodsName: '螺纹钢',
  unit: 'ton',
  // The server computes the total: quantity x unit price.
  quantity: 1,
  unitPrice: `${(i + 1) * 1000}.00`,
  deliveryDate: '2026-12-05',
  validUntil: '2099-12-31',
  deliveryRegion: ['33', '3301', '330106'],
});

const rows = (page: Page) => pane(page).locator('.ant-table-tbody tr.ant-table-row');
/** The text of one declared column (0-based) in every row shown (the row-selection cell of a resource with actions is not one). */
const column = (page: Page, index: number) =>
  rows(page).evaluateAll((trs, i) => trs.map((tr) => (tr.querySelectorAll('td:not(.ant-table-selection-column)')[i as number]?.textContent ?? '').trim()), index);
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Picks `option` in the antd Select labelled `label` inside `scope`. */
async function select(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

async function pickDate(scope: Locator, label: string, day: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

describe.skipIf(!chromiumPath)('browser journeys: generated resource pages (issue 4)', () => {
  let e2e: E2eApp;
  let token: string;

  beforeAll(async () => {
    e2e = await startE2e();
    const owner = await registerAccount(e2e, { enterpriseName: '杭州某某钢铁贸易有限公司' });
    await approveAccount(e2e, owner.phone); // only approved accounts trade
    token = await apiSignIn(e2e, owner.phone);
    await settledUser(e2e, token, 'lsf');
    for (let i = 0; i < 25; i += 1) {
      const created = await apiCall(e2e.baseUrl, 'POST', '/api/r/purchaseOffers', offerBody(i), token);
      if (created.code !== 200) throw new Error(`seed offer ${i}: ${created.msg}`);
    }
  });
  afterAll(() => e2e?.close());

  async function open() {
    const opened = await e2e.newPage();
    await signInContext(opened.context, e2e.baseUrl, token);
    return opened;
  }

  it('filters, sorts, pages and exports the purchase offers', async () => {
    const { page, errors } = await open();
    await page.goto(LIST);
    await rows(page).first().waitFor({ timeout: STEP_MS });
    expect(await rows(page).count()).toBe(10);
    await pane(page).getByText('共 25 条').waitFor();

    // Paging on the server: page 3 holds the last five.
    await pane(page).locator('.ant-pagination-item-3').click();
    await expect.poll(() => rows(page).count(), { timeout: STEP_MS }).toBe(5);
    expect(query(page)).toEqual({ pageNo: '3' });

    // Sorting by amount, ascending then descending (money with separators).
    const amountHeader = pane(page).getByRole('columnheader', { name: /总金额/ });
    await amountHeader.click();
    await expect.poll(() => column(page, 4).then((c) => c[0]), { timeout: STEP_MS }).toBe('1,000.00');
    expect(query(page)).toEqual({ sort: 'amount' });
    await amountHeader.click();
    await expect.poll(() => column(page, 4).then((c) => c[0]), { timeout: STEP_MS }).toBe('25,000.00');

    // Filtering: category raw materials, amounts 5,000 to 20,000.
    const filters = pane(page).getByRole('form', { name: '筛选条件' });
    await select(page, filters, '商品类别', '原材料');
    await filters.getByLabel('总金额（元） 起').fill('5000');
    await filters.getByLabel('总金额（元） 止').fill('20000');
    await filters.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(page).count(), { timeout: STEP_MS }).toBe(8);
    expect(query(page)).toEqual({ category: 'rawMaterial', amount: '5000,20000', sort: '-amount' });
    expect(await column(page, 2)).toEqual(Array(8).fill('原材料'));
    expect(await column(page, 4)).toEqual(['20,000.00', '18,000.00', '16,000.00', '14,000.00', '12,000.00', '10,000.00', '8,000.00', '6,000.00']);

    // The export is what the table shows: same filters, same order, the user's column labels.
    await pane(page).getByRole('button', { name: /导\s*出/ }).click();
    const [xlsx] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), page.getByRole('menuitem', { name: '导出 Excel（XLSX）' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^采购报价-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheets = await readXlsxFile(fs.readFileSync(await xlsx.path()));
    const table = sheets[0].data;
    expect(table[0]).toEqual(['报价标题', '商品名称', '商品类别', '数量', '总金额（元）', '交货日期', '报价有效期至', '状态', '创建时间']);
    expect(table.slice(1).map((r) => r[4])).toEqual([20000, 18000, 16000, 14000, 12000, 10000, 8000, 6000]);
    await pane(page).getByRole('button', { name: /导\s*出/ }).click();
    const [csv] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), page.getByRole('menuitem', { name: '导出 CSV' }).click()]);
    const lines = fs.readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(1 + 8);
    expect(lines[1]).toContain('20000.00');

    // Reset brings back every offer.
    await filters.getByRole('button', { name: /重\s*置/ }).click();
    await pane(page).getByText('共 25 条').waitFor({ timeout: STEP_MS });
    expect(errors, 'page errors and console errors').toEqual([]);
  });

  it('creates an offer through the form, publishes it after confirmation and withdraws it with a reason', async () => {
    // A retry starts with the offer its first attempt may have withdrawn: counted before, not assumed none.
    const withdrawn = () => apiCall<ListPage<ResourceRecord>>(e2e.baseUrl, 'GET', '/api/r/purchaseOffers?state=withdrawn&pageSize=100', undefined, token);
    const withdrawnBefore = (await withdrawn()).data.total;
    const { page, errors } = await open();
    await page.goto(LIST);
    await pane(page).getByRole('button', { name: /新\s*建/ }).click();
    await page.waitForURL((url) => url.pathname === `${LIST}/create`, { timeout: STEP_MS });
    const form = pane(page).locator('.schema-form');
    await form.getByLabel('报价标题', { exact: true }).waitFor({ timeout: STEP_MS });

    // Sent empty, the form says what is missing without asking the server.
    await pane(page).getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(() => form.locator('.ant-form-item-explain-error', { hasText: '此项为必填项' }).count(), { timeout: STEP_MS }).toBe(8);

    await form.getByLabel('报价标题', { exact: true }).fill('浏览器里新建的报价');
    await select(page, form, '商品类别', '原材料');
    await form.getByLabel('商品名称', { exact: true }).fill('热轧卷板');
    await select(page, form, '计量单位', '吨');
    await form.getByLabel('数量', { exact: true }).fill('25');
    await form.getByLabel('单价（元）', { exact: true }).fill('3980.5');
    await form.getByLabel('商品名称', { exact: true }).click();
    // Not focused, an amount reads with separators and two decimals; the total is the server's.
    expect(await form.getByLabel('单价（元）', { exact: true }).inputValue()).toBe('3,980.50');
    expect(await form.getByLabel('总金额（元）', { exact: true }).count()).toBe(0);
    await pickDate(form, '交货日期', '2026-12-20');
    await pickDate(form, '报价有效期至', '2099-12-31');
    await form.getByLabel('交货地区', { exact: true }).click();
    for (const name of ['浙江省', '杭州市', '西湖区']) {
      await page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu-item', { hasText: name }).first().click();
    }
    await form.getByLabel('联系电话', { exact: true }).fill('13812345678');
    await pane(page).getByRole('button', { name: /提\s*交/ }).click();
    await toast(page, '创建成功');
    await page.waitForURL((url) => url.pathname.startsWith(`${LIST}/show/`), { timeout: STEP_MS });
    const id = new URL(page.url()).pathname.split('/').at(-1)!;

    // The show page: sections, the region by name, money, the state.
    await pane(page).getByText('浙江省 / 杭州市 / 西湖区').waitFor({ timeout: STEP_MS });
    await pane(page).getByText('99,512.50').waitFor();
    await pane(page).locator('.resource-show__title').getByText('草稿').waitFor();

    await pane(page).getByRole('button', { name: /发\s*布/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '发布后报价不能再修改，可随时撤回。确定发布吗？' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '报价已发布');
    // Publishing has a result step: what happened, who can see the offer now, the way back to it.
    await page.waitForURL((url) => url.pathname === '/outgoing/resultsPage', { timeout: STEP_MS });
    await pane(page).getByText('采购报价已发布').waitFor({ timeout: STEP_MS });
    await pane(page).getByText(/已发布到市场，其他已认证主体可以看到并接受/).waitFor();
    await pane(page).getByRole('button', { name: '查看报价' }).click();
    await page.waitForURL((url) => url.pathname === `${LIST}/show/${id}`, { timeout: STEP_MS });
    await pane(page).locator('.resource-show__title').getByText('已发布').waitFor({ timeout: STEP_MS });
    // Published offers are no longer edited; they can be withdrawn.
    expect(await pane(page).getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);

    await pane(page).getByRole('button', { name: /撤\s*回/ }).click();
    const modal = page.getByRole('dialog').filter({ hasText: '撤回原因' });
    await modal.getByRole('button', { name: /提\s*交/ }).click();
    await modal.getByText('此项为必填项').waitFor({ timeout: STEP_MS });
    await modal.getByLabel('撤回原因').fill('需求取消，改为线下采购');
    await modal.getByRole('button', { name: /提\s*交/ }).click();
    await toast(page, '报价已撤回');
    await pane(page).locator('.resource-show__title').getByText('已撤回').waitFor({ timeout: STEP_MS });
    // The history tells the story, with the reason given.
    const history = pane(page).locator('.resource-show__history');
    await history.getByText('撤回原因: 需求取消，改为线下采购').waitFor({ timeout: STEP_MS });
    expect(await history.locator('.ant-timeline-item').count()).toBe(3);

    const saved = await apiCall<ResourceRecord & { events: { action: string }[] }>(e2e.baseUrl, 'GET', `/api/r/purchaseOffers/${id}`, undefined, token);
    expect(saved.data).toMatchObject({ title: '浏览器里新建的报价', unitPrice: '3980.50', amount: '99512.50', deliveryRegion: ['33', '3301', '330106'], state: 'withdrawn', quantity: 25 });
    expect(saved.data.events.map((e) => e.action)).toEqual(['create', 'publish', 'withdraw']);
    const listed = await withdrawn();
    expect(listed.data.total).toBe(withdrawnBefore + 1);
    expect(listed.data.records.map((r) => r.id)).toContain(id);
    expect(errors, 'page errors and console errors').toEqual([]);
  });
});
