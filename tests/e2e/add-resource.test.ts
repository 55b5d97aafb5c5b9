// "Add a page by adding a schema" in the browser (issue 4, docs/add-a-resource.md): the server
// starts on a schema root that has one more resource file (warehouses) and the built console,
// unchanged, shows its menu entry, its list, show and create pages, gated by permission.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, startE2e, type E2eApp } from '../support/browser';
import { copySchemaRoot, WAREHOUSES } from '../support/schema-root';
import { addOperator, apiCall, apiSignIn, approveAccount, registerAccount, settledUser, signInContext } from '../support/seed';


describe.skipIf(!chromiumPath)('a resource added as one JSON file', () => {
  let root: string;
  let e2e: E2eApp;
  let owner: { phone: string; token: string };
  let warehouseId: string;

  beforeAll(async () => {
    root = copySchemaRoot();
    fs.writeFileSync(path.join(root, 'schemas/resources/warehouses.json'), JSON.stringify(WAREHOUSES, null, 2));
    e2e = await startE2e({ SCHEMA_ROOT: root });
    const account = await registerAccount(e2e, { enterpriseName: '宁波某某仓储有限公司' });
    await approveAccount(e2e, account.phone);
    owner = { phone: account.phone, token: await apiSignIn(e2e, account.phone) };
    await settledUser(e2e, owner.token, 'lsf');
    const created = await apiCall<ResourceRecord>(e2e.baseUrl, 'POST', '/api/r/warehouses', { name: '宁波北仑冷库', kind: 'cold', region: ['33', '3302', '330206'], capacity: 800, rent: '26800.50' }, owner.token);
    expect(created.code).toBe(200);
    warehouseId = created.data.id;
  });
  afterAll(async () => {
    await e2e?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('appears in the menu with list, show and create pages', async () => {
    const { context, page, errors } = await e2e.newPage();
    await signInContext(context, e2e.baseUrl, owner.token);
    // The home page settled (the resource definitions loaded), as a person sees it before reaching
    // for the menu: the entry is not clicked while the menu is still being built. (Not
    // 'networkidle': the console keeps its live stream open, /api/events/stream.)
    await Promise.all([page.waitForResponse((res) => res.url().includes('/api/meta/resources')), page.goto('/home')]);
    const menu = page.getByRole('menu').first();
    await menu.getByText('账户中心').click();
    // The entry comes from the server's resource definitions, after they load.
    const entry = menu.getByText('仓库管理');
    await entry.waitFor({ state: 'visible', timeout: STEP_MS });
    await entry.click();
    await page.waitForURL('**/operator/warehouses', { timeout: 2 * STEP_MS });

    // List: declared columns with their labels, enum label, money to two decimals.
    const table = page.getByRole('table');
    for (const header of ['仓库名称', '仓库类型', '容量（吨）', '月租金（元）', '状态']) {
      await expect.poll(() => table.getByRole('columnheader', { name: header }).count(), { timeout: STEP_MS }).toBeGreaterThan(0);
    }
    const row = table.getByRole('row', { name: /宁波北仑冷库/ });
    await row.waitFor({ timeout: STEP_MS });
    await expect.poll(() => row.innerText()).toMatch(/冷库[\s\S]*800[\s\S]*26,800\.50[\s\S]*使用中/);

    // Show: the declared section, the region as names, the state's action.
    await page.goto(`/operator/warehouses/show/${warehouseId}`);
    await page.getByText('仓库信息').first().waitFor({ timeout: STEP_MS });
    await page.getByText(/浙江省\s*\/\s*宁波市\s*\/\s*北仑区/).first().waitFor({ timeout: STEP_MS });
    await page.getByRole('button', { name: /停\s*用/ }).waitFor({ timeout: STEP_MS });

    // Create: the form of the declared fields.
    await page.goto('/operator/warehouses/create');
    for (const label of ['仓库名称', '仓库类型', '所在地区', '容量（吨）', '月租金（元）']) {
      await page.getByText(label, { exact: true }).first().waitFor({ timeout: STEP_MS });
    }
    expect(errors).toEqual([]);
  });

  it('follows the permission of its file: a viewer lists but cannot create', async () => {
    const viewer = await addOperator(e2e, owner.phone, 'viewer');
    const token = await apiSignIn(e2e, viewer.phone);
    await settledUser(e2e, token, 'lsf');
    const { context, page, errors } = await e2e.newPage();
    await signInContext(context, e2e.baseUrl, token);
    await page.goto('/operator/warehouses');
    await page.getByRole('row', { name: /宁波北仑冷库/ }).waitFor({ timeout: STEP_MS });
    expect(await page.getByRole('button', { name: /新\s*建/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
