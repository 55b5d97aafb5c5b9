// The operator-type matrix in the real browser (issue 9): one table (tests/support/operator-matrix.ts)
// drives the server's answers and what Chromium shows. For each operator type, a row's page opens
// with its menu entry highlighted exactly when the server answers that row's endpoint with 200,
// and shows the 403 page otherwise; the "add operator" button shows exactly when the server
// accepts an added operator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX_TYPES, OPERATOR_MATRIX, type MatrixType } from '../support/operator-matrix';
import { chromiumPath, SkewedClock, startE2e, type E2eApp } from '../support/browser';
import { activePane } from '../support/console';
import { addOperator, apiCall, apiSignIn, approveAccount, registerAccount, settledUser, openSignedIn } from '../support/seed';

const STEP_MS = 15_000;
const FORBIDDEN = '抱歉，您无权访问此页面。';

describe.skipIf(!chromiumPath)('operator-type matrix: the browser shows what the server allows (issue 9)', () => {
  let e2e: E2eApp;
  const clock = new SkewedClock();
  const tokens = new Map<MatrixType, string>();
  const answers = new Map<string, number>();

  beforeAll(async () => {
    e2e = await startE2e({}, ['main'], { clock });
    const owner = await registerAccount(e2e, { enterpriseName: '杭州权限矩阵有限公司' });
    await approveAccount(e2e, owner.phone);
    for (const type of MATRIX_TYPES) {
      const phone = type === 'owner' ? owner.phone : (await addOperator(e2e, owner.phone, type)).phone;
      const token = await apiSignIn(e2e, phone);
      await settledUser(e2e, token, 'lsf');
      tokens.set(type, token);
      for (const row of OPERATOR_MATRIX) {
        clock.advance(61_000);
        const answer = await apiCall(e2e.baseUrl, row.method, row.path, row.body?.(), token);
        answers.set(`${type} ${row.name}`, answer.code);
      }
    }
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
});
