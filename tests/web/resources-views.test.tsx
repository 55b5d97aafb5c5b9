// The list controller's URL and what it keeps on the server (issue 32): a saved view opened
// writes its whole state into the URL (and so into the request), a plain list opens on the
// user's default view, a shared link's columns are the ones shown, saving a view sends what the
// list shows; the columns popover chooses, orders and resets the columns, kept per user; rows
// chosen offer each action with how many it applies to, run in one request, results per row.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnPreference, ListView } from '../../src/shared/resources/listViews';
import { fail, fakeApi, ok, type Call } from './support/fakeApi';
import { baseRoutes, location, OFFERS_PATH, offer, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

const page = (records: unknown[], total = records.length) => ok({ records, total });
const view = (extra: Partial<ListView>): ListView => ({ id: 'v-1', resource: 'purchaseOffers', name: '已发布大额', filters: {}, shared: false, isDefault: false, mine: true, builtIn: false, ...extra });
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
const lastList = (api: ReturnType<typeof fakeApi>) => Object.fromEntries(api.callsTo('GET', '/api/r/purchaseOffers').at(-1)!.query);

/** GET /api/list-views answering what PUT and DELETE of the columns left, as the server keeps them. */
function viewsServer(views: ListView[], columns: ColumnPreference | null = null) {
  let kept = columns;
  return {
    'GET /api/list-views': () => ok({ views, columns: kept }),
    'PUT /api/list-views/columns/purchaseOffers': (call: Call) => {
      kept = call.body as ColumnPreference;
      return ok(kept);
    },
    'DELETE /api/list-views/columns/purchaseOffers': () => {
      kept = null;
      return ok(null);
    },
  };
}

describe('list views and columns', () => {
  it('opens a saved view: its filters, sort, page size and columns go into the URL and the request', async () => {
    const saved = view({ filters: { state: 'published', amount: '100000,' }, sort: '-amount', columns: ['title', 'amount'], pageSize: 20 });
    const api = fakeApi({ ...baseRoutes(), ...viewsServer([saved]), 'GET /api/r/purchaseOffers': page([offer({ title: '采购螺纹钢 A' })]) });
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('采购螺纹钢 A');
    await user.click(screen.getByTestId('list-views'));
    await user.click(await screen.findByText('已发布大额'));
    await waitFor(() => expect(location()).toBe(`${OFFERS_PATH}?state=published&amount=100000%2C&sort=-amount&pageSize=20&columns=title%2Camount&view=v-1`));
    await waitFor(() => expect(lastList(api)).toEqual({ pageNo: '1', pageSize: '20', sort: '-amount', state: 'published', amount: '100000,' }));
    expect(headers()).toEqual(['报价标题', '总金额（元）', '操作']);
    // The button names the view opened.
    expect(screen.getByTestId('list-views')).toHaveTextContent('已发布大额');
  });

  it('opens a plain list on the user’s default view, and a link with its own state as it says', async () => {
    const preferred = view({ id: 'v-2', name: '草稿', filters: { state: 'draft' }, isDefault: true });
    fakeApi({ ...baseRoutes(), ...viewsServer([preferred]), 'GET /api/r/purchaseOffers': page([offer({ title: '采购螺纹钢 B' })]) });
    const first = renderResource(OFFERS_PATH);
    await waitFor(() => expect(location()).toBe(`${OFFERS_PATH}?state=draft&view=v-2`));
    first.unmount();
    // A shared link: its columns, not the default view's state.
    fakeApi({ ...baseRoutes(), ...viewsServer([preferred]), 'GET /api/r/purchaseOffers': page([offer({ title: '采购螺纹钢 C' })]) });
    renderResource(`${OFFERS_PATH}?columns=goodsName%2Ctitle`);
    await screen.findByText('采购螺纹钢 C');
    expect(headers()).toEqual(['商品名称', '报价标题', '操作']);
    expect(location()).toBe(`${OFFERS_PATH}?columns=goodsName%2Ctitle`);
  });

  it('saves what the list shows as a shared default view', async () => {
    const saved = view({ id: 'v-9', name: '我的筛选', filters: { state: 'draft' }, shared: true, isDefault: true });
    const api = fakeApi({ ...baseRoutes(), ...viewsServer([]), 'POST /api/list-views': ok(saved), 'GET /api/r/purchaseOffers': page([offer({ title: '采购螺纹钢 D' })]) });
    const { user } = renderResource(`${OFFERS_PATH}?state=draft&sort=-amount`);
    await screen.findByText('采购螺纹钢 D');
    await user.click(screen.getByTestId('list-views'));
    await user.click(await screen.findByText('保存为新视图'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('视图名称'), '我的筛选');
    await user.click(within(dialog).getByText('共享给本账户的所有用户'));
    await user.click(within(dialog).getByText('设为我的默认视图'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/list-views')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/list-views')[0].body).toEqual({
      resource: 'purchaseOffers',
      name: '我的筛选',
      filters: { state: 'draft' },
      sort: '-amount',
      columns: ['title', 'goodsName', 'category', 'quantity', 'amount', 'deliveryDate', 'validUntil', 'state', 'createdAt'],
      pageSize: 10,
      shared: true,
      isDefault: true,
    });
    await waitFor(() => expect(location()).toContain('view=v-9'));
  });

  it('chooses, orders and resets the columns in the popover, kept on the server', async () => {
    const api = fakeApi({ ...baseRoutes(), ...viewsServer([], { columns: ['title', 'amount', 'state'], widths: {} }), 'GET /api/r/purchaseOffers': page([offer({ title: '采购螺纹钢 E' })]) });
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('采购螺纹钢 E');
    // The user's kept columns, not the resource file's.
    await waitFor(() => expect(headers()).toEqual(['报价标题', '总金额（元）', '状态', '操作']));
    await user.click(screen.getByRole('button', { name: /列设置/ }));
    const panel = await screen.findByRole('list', { name: '显示的列' });
    await user.click(within(panel).getByRole('button', { name: '上移“状态”' }));
    await waitFor(() => expect(headers()).toEqual(['报价标题', '状态', '总金额（元）', '操作']));
    expect(api.callsTo('PUT', '/api/list-views/columns/purchaseOffers').at(-1)!.body).toEqual({ columns: ['title', 'state', 'amount'], widths: {} });
    await user.click(within(panel).getByRole('checkbox', { name: '商品名称' }));
    await waitFor(() => expect(headers()).toEqual(['报价标题', '状态', '总金额（元）', '商品名称', '操作']));
    await user.click(within(panel).getByRole('checkbox', { name: '报价标题' }));
    await waitFor(() => expect(headers()).toEqual(['状态', '总金额（元）', '商品名称', '操作']));
    // One column stays: its box cannot be cleared.
    await user.click(within(panel).getByRole('button', { name: /恢复默认列/ }));
    await waitFor(() => expect(headers()).toEqual(['报价标题', '商品名称', '商品类别', '数量', '总金额（元）', '交货日期', '报价有效期至', '状态', '创建时间', '操作']));
    expect(api.callsTo('DELETE', '/api/list-views/columns/purchaseOffers')).toHaveLength(1);
  });

  it('offers each action on the chosen rows with how many it applies to, runs it in one request, and shows a result per row', async () => {
    const a = offer({ title: '采购螺纹钢 F' });
    const b = offer({ title: '采购螺纹钢 G', state: 'published' });
    const api = fakeApi({
      ...baseRoutes(),
      ...viewsServer([]),
      'GET /api/r/purchaseOffers': page([a, b], 25),
      'POST /api/r/purchaseOffers/bulk': ok({ total: 2, actions: [{ name: 'publish', count: 1 }, { name: 'withdraw', count: 1 }] }),
      'POST /api/r/purchaseOffers/bulk/actions/publish': ok({
        action: 'publish',
        total: 2,
        done: 1,
        refused: 1,
        results: [
          { id: a.id, status: 'done', record: { ...a, state: 'published' } },
          { id: b.id, status: 'refused', code: 409, reason: '记录状态已变化，请刷新后重试', record: b },
        ],
      }),
    });
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('采购螺纹钢 F');
    const [, firstRow, secondRow] = screen.getAllByRole('row');
    await user.click(within(firstRow).getByRole('checkbox'));
    await user.click(within(secondRow).getByRole('checkbox'));
    const bar = await screen.findByRole('region', { name: '批量操作' });
    expect(within(bar).getByTestId('bulk-selected')).toHaveTextContent('已选择 2 条');
    await waitFor(() => expect(api.callsTo('POST', '/api/r/purchaseOffers/bulk').at(-1)!.body).toEqual({ ids: [a.id, b.id] }));
    expect(await within(bar).findByRole('button', { name: '发布（1）' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: '撤回（1）' })).toBeInTheDocument();
    // Every record the list matches, beyond this page.
    await user.click(within(bar).getByRole('button', { name: '选择全部 25 条匹配记录' }));
    await waitFor(() => expect(within(bar).getByTestId('bulk-selected')).toHaveTextContent('已选择全部 25 条匹配记录'));
    await waitFor(() => expect(api.callsTo('POST', '/api/r/purchaseOffers/bulk').at(-1)!.body).toEqual({ query: { sort: '-createdAt' } }));
    await user.click(await within(bar).findByRole('button', { name: '发布（1）' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/r/purchaseOffers/bulk/actions/publish')).toHaveLength(1));
    const sent = api.callsTo('POST', '/api/r/purchaseOffers/bulk/actions/publish')[0];
    expect(sent.body).toEqual({ query: { sort: '-createdAt' }, input: {} });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
    const results = await screen.findByRole('dialog', { name: '“发布”的结果' });
    expect(within(results).getByTestId('bulk-summary')).toHaveTextContent('成功 1 条，未执行 1 条');
    const rows = within(results).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['采购螺纹钢 F', '已完成', '已发布'],
      ['采购螺纹钢 G', '未执行', '记录状态已变化，请刷新后重试'],
    ]);
  });

  it('says why the server will not take a selection of more records than it acts on at once', async () => {
    const rows = [offer({ title: '采购螺纹钢 H' })];
    fakeApi({
      ...baseRoutes(),
      ...viewsServer([]),
      'GET /api/r/purchaseOffers': page(rows, 500),
      'POST /api/r/purchaseOffers/bulk': (call) => ((call.body as { query?: unknown }).query ? fail(400, '参数校验失败', { query: '一次最多处理 200 条记录' }) : ok({ total: 1, actions: [{ name: 'publish', count: 1 }] })),
    });
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('采购螺纹钢 H');
    await user.click(within(screen.getAllByRole('row')[1]).getByRole('checkbox'));
    const bar = await screen.findByRole('region', { name: '批量操作' });
    await within(bar).findByRole('button', { name: '发布（1）' });
    await user.click(within(bar).getByRole('button', { name: '选择全部 500 条匹配记录' }));
    expect(await within(bar).findByTestId('bulk-refused')).toHaveTextContent('一次最多处理 200 条记录');
    expect(within(bar).queryByRole('button', { name: /发布/ })).toBeNull();
  });

  it('saves the list’s changes into the view opened, and deletes it', async () => {
    const mine = view({ id: 'v-5', name: '草稿视图', filters: { state: 'draft' } });
    const api = fakeApi({
      ...baseRoutes(),
      ...viewsServer([mine]),
      'PUT /api/list-views/v-5': (call) => ok({ ...mine, ...(call.body as object) }),
      'DELETE /api/list-views/v-5': ok(null),
      'GET /api/r/purchaseOffers': page([offer({ title: '采购螺纹钢 I' })]),
    });
    const { user } = renderResource(`${OFFERS_PATH}?state=draft%2Cpublished&view=v-5`);
    await screen.findByText('采购螺纹钢 I');
    await user.click(screen.getByTestId('list-views'));
    await user.click(await screen.findByText('保存对“草稿视图”的修改'));
    await waitFor(() => expect(api.callsTo('PUT', '/api/list-views/v-5')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/list-views/v-5')[0].body).toMatchObject({ name: '草稿视图', filters: { state: 'draft,published' }, sort: '-createdAt', pageSize: 10 });
    expect(api.callsTo('POST', '/api/list-views')).toHaveLength(0);
    await user.click(screen.getByTestId('list-views'));
    await user.click(await screen.findByText('删除视图“草稿视图”'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/list-views/v-5')).toHaveLength(1));
    // The list stays as it is, no longer under the view's name.
    await waitFor(() => expect(location()).toBe(`${OFFERS_PATH}?state=draft%2Cpublished`));
  });
});
