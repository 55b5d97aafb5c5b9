// Browser journey of importing from a spreadsheet (issue 32 item 4) in real Chromium: a buyer
// opens its purchase offers, downloads nothing but builds its own workbook of 50 draft offers (3
// of them wrong: a negative price, a price of three decimals, a unit no one knows), chooses it in
// the 导入 dialog, sees the 3 rows with their bad cells and messages, imports the 47 valid ones,
// downloads the result file, fixes the 3 rows in it and imports them again: 50 drafts in all.
// Screenshots in the dark (default) and light themes and in en-US.
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { chinaDay } from '../../src/shared/chinaTime';
import type { Page as ListPage } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, shot, SkewedClock, journeyApp } from '../support/browser';
import { activePane as pane } from '../support/console';
import { apiCall, attemptTag, openSignedIn } from '../support/seed';
import type { Party } from '../support/world';

const ADMIN = { ADMIN_PHONE: '13900000432', ADMIN_PASSWORD: 'Ops#Import2026' };
const OFFERS_PATH = '/outgoing/chainPayment';
const HEADER = ['报价标题', '商品类别', '商品名称', '计量单位', '数量', '单价（元）', '交货日期', '报价有效期至', '交货地区'];
const DAY = 86_400_000;
/** The rows (1-based among the 50) that are wrong, and how. */
const BAD: Record<number, { column: number; value: string }> = {
  7: { column: 5, value: '-120.00' },
  23: { column: 5, value: '88.125' },
  41: { column: 3, value: '桶' },
};

type Cell = string | number | null;
const workbook = (rows: Cell[][]) => writeXlsxFile(rows.map((r) => r.map((value) => (value === null ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String })))).toBuffer();

describe.skipIf(!chromiumPath)('browser journey: a buyer imports 50 draft offers from XLSX (issue 32 item 4)', () => {
  const clock = new SkewedClock();
  const e2e = journeyApp(ADMIN, ['main'], { clock });

  /** 50 offer rows of a new buyer's plan, three of them wrong (BAD). */
  const plan = (tag: string): Cell[][] => {
    const day = (days: number) => chinaDay(new Date(clock.now().getTime() + days * DAY));
    const rows = Array.from({ length: 50 }, (_, i): Cell[] => [`${tag} 采购计划第${i + 1}项`, '原材料', '螺纹钢', '吨', 10 + i, '3980.00', day(30), day(20), '江苏省 / 苏州市 / 姑苏区']);
    for (const [n, bad] of Object.entries(BAD)) rows[Number(n) - 1][bad.column] = bad.value;
    return [HEADER, ...rows];
  };

  const open = (token: string, theme: 'dark' | 'light' = 'dark', lang: 'zh-CN' | 'en-US' = 'zh-CN') => openSignedIn(e2e, token, STEP_MS, { theme, lang });

  /** Opens the import dialog of the offers list and chooses `file`. */
  const chooseIn = async (page: Page, button: RegExp, name: string, file: Buffer) => {
    await pane(page).getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    return dialog;
  };

  const offersOf = async (buyer: Party) => (await apiCall<ListPage<ResourceRecord>>(e2e.baseUrl, 'GET', '/api/r/purchaseOffers?pageSize=100', undefined, buyer.token)).data;

  it('imports 47 of 50 rows, shows the 3 bad cells, and takes the 3 again once fixed in the result file', async () => {
    const tag = attemptTag();
    const buyer = await e2e.world.party({ name: `苏州导入采购有限公司${tag}`, approved: true });
    const { page, errors } = await open(buyer.token);
    await page.goto(OFFERS_PATH);
    await pane(page).getByText('还没有采购报价记录').waitFor();

    const dialog = await chooseIn(page, /导\s*入/, '采购计划.xlsx', await workbook(plan(tag)));
    await dialog.getByText('只看有误的行').waitFor();
    const counts = dialog.locator('.resource-import__counts');
    expect((await counts.locator('.ant-statistic').allInnerTexts()).map((s) => s.replace(/\s+/g, ''))).toEqual(['共50', '有效47', '有误3']);
    // Only the 3 wrong rows are shown (the box is ticked for a long file), each bad cell with its message.
    const rows = dialog.locator('.resource-import__preview tbody tr.resource-import__row--bad');
    expect(await rows.count()).toBe(3);
    expect(await dialog.locator('.resource-import__cell--bad').count()).toBe(3);
    for (const n of [7, 23, 41]) await dialog.locator('tr', { hasText: `${tag} 采购计划第${n}项` }).locator('.resource-import__cell--bad').waitFor();
    expect(await dialog.locator('tr', { hasText: `采购计划第41项` }).locator('.resource-import__cell--bad').innerText()).toContain('桶');
    await shot(page, 'import-preview-dark');
    // Nothing is written by the preview.
    expect((await offersOf(buyer)).total).toBe(0);

    await dialog.getByRole('button', { name: '导入 47 条有效数据' }).click();
    await dialog.getByText('已导入 47 条，共 50 行').waitFor();
    await shot(page, 'import-done-dark');
    expect((await offersOf(buyer)).total).toBe(47);

    // The result file: the rows with their status; the user fixes the 3 wrong ones in it.
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下载结果文件/ }).click()]);
    expect(download.suggestedFilename()).toBe('采购计划-导入结果.xlsx');
    const [sheet] = await readXlsxFile(await fs.readFile(await download.path()));
    const [header, ...all] = sheet.data as Cell[][];
    expect(header.slice(-2)).toEqual(['导入结果', '原因']);
    const wrong = all.filter((r) => r[HEADER.length] === '有误');
    expect(wrong.map((r) => r[0])).toEqual([7, 23, 41].map((n) => `${tag} 采购计划第${n}项`));
    const fixed = wrong.map((r) => {
      const row = r.slice(0, HEADER.length);
      row[5] = '3980.00';
      row[3] = '吨';
      return row;
    });
    await dialog.getByRole('button', { name: /继续导入/ }).click();
    await dialog.locator('input[type=file]').setInputFiles({ name: '采购计划-改正.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbook([HEADER, ...fixed]) });
    await dialog.getByRole('button', { name: '导入 3 条有效数据' }).click();
    await dialog.getByText('已导入 3 条，共 3 行').waitFor();
    await dialog.getByRole('button', { name: /关\s*闭/ }).first().click();

    // All 50 are the buyer's drafts, and the list shows them.
    const offers = await offersOf(buyer);
    expect(offers.total).toBe(50);
    expect(new Set(offers.records.map((o) => o.state))).toEqual(new Set(['draft']));
    await pane(page).getByText('共 50 条').waitFor();
    await shot(page, 'import-list-dark');
    expect(errors).toEqual([]);
  });

  it('reads well in the light theme and in English', async () => {
    const tag = attemptTag();
    const buyer = await e2e.world.party({ name: `无锡导入采购有限公司${tag}`, approved: true });
    const file = await workbook(plan(tag));

    const light = await open(buyer.token, 'light');
    await light.page.goto(OFFERS_PATH);
    const lightDialog = await chooseIn(light.page, /导\s*入/, '采购计划.xlsx', file);
    await lightDialog.getByRole('button', { name: '导入 47 条有效数据' }).waitFor();
    await shot(light.page, 'import-preview-light');
    expect(light.errors).toEqual([]);

    const en = await open(buyer.token, 'dark', 'en-US');
    await en.page.goto(OFFERS_PATH);
    const enDialog = await chooseIn(en.page, /Import/, 'plan.xlsx', file);
    await enDialog.getByRole('button', { name: 'Import 47 valid rows' }).waitFor();
    await enDialog.getByText('Only rows with errors').waitFor();
    await shot(en.page, 'import-preview-en');
    expect(en.errors).toEqual([]);
    expect((await offersOf(buyer)).total).toBe(0);
  });
});
