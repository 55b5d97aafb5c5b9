// The operator-type matrix in the real browser (issue 9): one table (tests/support/operator-matrix.ts)
// drives the server's answers and what Chromium shows. For each operator type, a row's page opens
// with its menu entry highlighted exactly when the server answers that row's endpoint with 200,
// and shows the 403 page otherwise; the "add operator" button shows exactly when the server
// accepts an added operator. On resource pages (issue 16: one gate) the create and export buttons
// show exactly when the shared access decision allows them for the actor the console builds from
// the profile, and the server refuses (403) exactly the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../../src/shared/access';
import { actorFromProfile, type Actor } from '../../src/shared/actor';
import type { Profile, UserInfo } from '../../src/shared/api';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { MATRIX_TYPES, OPERATOR_MATRIX, type MatrixType } from '../support/operator-matrix';
import { chromiumPath, STEP_MS, SkewedClock, startE2e, type E2eApp } from '../support/browser';
import { activePane } from '../support/console';
import { addOperator, apiCall, apiSignIn, approveAccount, registerAccount, settledUser, openSignedIn } from '../support/seed';

const FORBIDDEN = '抱歉，您无权访问此页面。';
/** Resource pages whose list buttons are checked, and the buttons with what they do. */
const RESOURCE_PAGES = [
  { path: '/outgoing/chainPayment', resource: 'purchaseOffers' },
  { path: '/operator/invoice', resource: 'invoiceRequests' },
] as const;
// Names end with the label: an icon's own label (plus-square) comes first.
const LIST_BUTTONS = [
  { verb: 'create', name: /新\s*建$/ },
  { verb: 'export', name: /导\s*出$/ },
] as const;

describe.skipIf(!chromiumPath)('operator-type matrix: the browser shows what the server allows (issue 9)', () => {
  let e2e: E2eApp;
  const clock = new SkewedClock();
  const tokens = new Map<MatrixType, string>();
  const answers = new Map<string, number>();
  const actors = new Map<MatrixType, Actor>();
  const definitions = new Map<string, ResourceDefinition>();

  beforeAll(async () => {
    e2e = await startE2e({}, ['main'], { clock });
    const owner = await registerAccount(e2e, { enterpriseName: '杭州权限矩阵有限公司' });
    await approveAccount(e2e, owner.phone);
    for (const type of MATRIX_TYPES) {
      const phone = type === 'owner' ? owner.phone : (await addOperator(e2e, owner.phone, type)).phone;
      const token = await apiSignIn(e2e, phone);
      await settledUser(e2e, token, 'lsf');
      tokens.set(type, token);
      const [profile, info] = await Promise.all([apiCall<Profile>(e2e.baseUrl, 'GET', '/api/user/info', undefined, token), apiCall<UserInfo>(e2e.baseUrl, 'GET', '/api/system/users/info', undefined, token)]);
      actors.set(type, actorFromProfile(profile.data, info.data));
      // Creating with an empty body: 403 when the gate refuses, a validation answer when it lets it through.
      for (const { resource } of RESOURCE_PAGES) answers.set(`${type} create ${resource}`, (await apiCall(e2e.baseUrl, 'POST', `/api/r/${resource}`, {}, token)).code);
      for (const row of OPERATOR_MATRIX) {
        clock.advance(61_000);
        const answer = await apiCall(e2e.baseUrl, row.method, row.path, row.body?.(), token);
        answers.set(`${type} ${row.name}`, answer.code);
      }
    }
  });
  beforeAll(async () => {
    const meta = await apiCall<ResourceDefinition[]>(e2e.baseUrl, 'GET', '/api/meta/resources', undefined, tokens.get('owner'));
    for (const definition of meta.data) definitions.set(definition.name, definition);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it.each(MATRIX_TYPES)('%s: each row page and button shows exactly when the server answers 200', async (type) => {
    const { context, page } = await openSignedIn(e2e, tokens.get(type)!, STEP_MS);
    try {
      const menuRows = OPERATOR_MATRIX.filter((row) => 'menu' in row.ui);
      for (const path of new Set(menuRows.map((row) => (row.ui as { menu: string }).menu))) {
        // A page is open to the type when the server grants any endpoint of its rows.
        const granted = menuRows.filter((row) => (row.ui as { menu: string }).menu === path).some((row) => answers.get(`${type} ${row.name}`) === 200);
        await page.goto(path);
        const pane = activePane(page);
        await pane.locator('.ant-card, .ant-result').first().waitFor();
        expect(await pane.getByText(FORBIDDEN).count(), `${type} ${path}`).toBe(granted ? 0 : 1);
        // The menu opens on the page's entry when the type may see it, and lists no entry for it otherwise.
        await expect.poll(() => page.locator(`.shell-sider a[href="${path}"]`).count(), { message: `${type} menu ${path}` }).toBe(granted ? 1 : 0);
        if (path === '/operator') {
          for (const row of OPERATOR_MATRIX.filter((r) => 'button' in r.ui)) {
            const accepted = answers.get(`${type} ${row.name}`) === 200;
            if (granted) await pane.getByText('杭州权限矩阵有限公司').first().waitFor();
            expect(await pane.getByRole('button', { name: '添加操作员' }).count(), `${type} ${row.name}`).toBe(accepted ? 1 : 0);
          }
        }
      }
    } finally {
      await context.close();
    }
  });

  it.each(MATRIX_TYPES)('%s: a resource page shows create and export exactly where the shared decision allows, and the server agrees', async (type) => {
    const actor = actors.get(type)!;
    const { context, page } = await openSignedIn(e2e, tokens.get(type)!, STEP_MS);
    try {
      for (const { path, resource } of RESOURCE_PAGES) {
        const definition = definitions.get(resource)!;
        const creates = decide(actor, definition, 'create').can;
        expect(answers.get(`${type} create ${resource}`) !== 403, `${type} server create ${resource}`).toBe(creates);
        await page.goto(path);
        const pane = activePane(page);
        await pane.locator('.ant-card, .ant-result').first().waitFor();
        const opens = decide(actor, definition, 'list').can;
        expect(await pane.getByText(FORBIDDEN).count(), `${type} ${path}`).toBe(opens ? 0 : 1);
        if (!opens) continue;
        // The table is in once the definition has loaded; the buttons' answers come a tick later.
        await pane.locator('.ant-table').first().waitFor();
        for (const button of LIST_BUTTONS) {
          const shown = decide(actor, definition, button.verb).can;
          // The list's header (antd's PageHeader); an empty list repeats "新建" in its empty state.
          const header = pane.locator('.ant-page-header-heading-extra');
          await expect.poll(() => header.getByRole('button', { name: button.name }).count(), { message: `${type} ${button.verb} ${resource}` }).toBe(shown ? 1 : 0);
        }
      }
    } finally {
      await context.close();
    }
  });
});
