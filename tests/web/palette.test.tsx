// The command palette (issue 32 item 5) in the whole console: Ctrl/Cmd-K or the header's button
// opens it; it offers the menu's pages the caller may open, records the server finds by number or
// title (GET /api/r/<resource>?q=, answered here at the fetch boundary), and the actions the
// caller may take on the record open on screen; the keys move, open and close, and the focus goes
// back where it was.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { USER_INFO, ok, type Call } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { OFFERS, offer, profileOf } from './support/resourceHarness';
import { findActivePane, openShell } from './support/shell';
import { resourceDefinition } from '../support/resource-definitions';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

// The palette is a lazy chunk (antd's Modal and Input); its first load in jsdom on a busy machine
// takes seconds, which would count against the first test's waits.
beforeAll(async () => {
  await import('../../src/web/palette/CommandPalette');
}, 120_000);

const BILLS = resourceDefinition('bills');
const DEPOSITS = resourceDefinition('deposits');
const OPS_INFO = { ...USER_INFO, id: 'u-ops', accountId: 'a-ops', type: 'ops' as const, authStatus: 'approved' as const, accountName: '平台运营' };

const BILL_ID = '5f3a9c1e-0b7d-4e2a-9c11-2b6f7a8d9e01';
const bill = (extra: Partial<ResourceRecord> = {}): ResourceRecord => ({
  id: BILL_ID,
  accountId: 'a-2',
  state: 'confirmed',
  version: 2,
  createdAt: '2026-03-01T02:30:00.000Z',
  createdBy: 'u-2',
  updatedAt: '2026-03-01T02:30:00.000Z',
  updatedBy: 'u-2',
  contractId: '7a000000-0000-4000-8000-000000000001',
  contractTitle: '螺纹钢框架采购合同',
  payerName: '杭州链上付科技有限公司',
  payeeName: '苏州钢材贸易有限公司',
  amount: '10000.00',
  paidAmount: '0.00',
  openAmount: '10000.00',
  dueDay: '2099-12-20',
  parties: { payer: 'a-1', payee: 'a-2' },
  ...extra,
});

const SEARCH = '搜索页面、记录编号或标题、当前记录的操作';
/**
 * The palette's dialog, once open: the one holding its search (rc-dialog names every dialog's
 * title `test-id` under test, so the dialog's own name cannot tell them apart here).
 */
const findPalette = async () => (await screen.findByRole('combobox', { name: SEARCH })).closest<HTMLElement>('[role="dialog"]')!;
const paletteGone = () => waitFor(() => expect(screen.queryByRole('combobox', { name: SEARCH })).toBeNull());
const options = (palette: HTMLElement) => within(palette).queryAllByRole('option');
const optionTexts = (palette: HTMLElement) => options(palette).map((o) => o.textContent);
const group = (palette: HTMLElement, name: string) => within(palette).queryByRole('group', { name });
const pressCtrlK = (user: ReturnType<typeof openShell>['user']) => user.keyboard('{Control>}k{/Control}');

/** The records GET /api/r/<resource> answers for its search (q), as the server would: by id prefix or a word of the text filters. */
const searchRoute = (records: ResourceRecord[], words: string[]) => (call: Call) => {
  const q = call.query.get('q') ?? '';
  const hit = records.filter((r) => r.id.replace(/-/g, '').startsWith(q.replace(/-/g, '').toLowerCase()) || words.some((field) => String(r[field] ?? '').includes(q)));
  return ok({ records: hit.slice(0, Number(call.query.get('pageSize') ?? 10)), total: hit.length });
};

describe('command palette', () => {
  it('opens on Ctrl-K with the pages of the menu the caller may open, filters them as typed, and opens one with Enter', async () => {
    const { user } = openShell('/home', {
      'GET /api/meta/resources': ok([OFFERS, BILLS]),
      'GET /api/r/bills': searchRoute([bill()], ['contractTitle', 'payerName', 'payeeName']),
      'GET /api/r/purchaseOffers': searchRoute([], ['title']),
    });
    await findActivePane();
    await pressCtrlK(user);
    const palette = await findPalette();
    const input = within(palette).getByRole('combobox', { name: SEARCH });
    await waitFor(() => expect(input).toHaveFocus());
    // Before anything is typed: the first pages of the menu.
    await waitFor(() => expect(within(group(palette, '页面')!).getAllByRole('option').length).toBeGreaterThan(0));

    await user.type(input, '付款结算');
    await waitFor(() => expect(optionTexts(palette)).toEqual(['付款结算结算管理']));
    // The platform's own pages are not this owner's: 充值确认 is an operations queue.
    await user.clear(input);
    await user.type(input, '充值确认');
    await waitFor(() => expect(within(palette).getByRole('status')).toHaveTextContent('没有与“充值确认”匹配的页面或记录'));
    expect(options(palette)).toEqual([]);

    await user.clear(input);
    await user.type(input, '付款结算');
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', options(palette)[0].id));
    expect(options(palette)[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/payment/payManagement'));
    await paletteGone();
  });

  it("offers platform operations their own queues, which an owner's palette leaves out", async () => {
    const { user } = openShell('/home', { 'GET /api/meta/resources': ok([DEPOSITS]) }, profileOf('ops'), OPS_INFO);
    await findActivePane();
    await pressCtrlK(user);
    const palette = await findPalette();
    await user.type(within(palette).getByRole('combobox'), '充值确认');
    await waitFor(() => expect(optionTexts(palette)).toEqual(['充值确认平台运营']));
  });

  it('finds records by number across the resources the caller may read, a few of each, named with their resource, and opens one', async () => {
    const others = [bill({ id: '5f3a9c1e-0000-4000-8000-000000000002', contractTitle: '第二份合同' }), bill({ id: '5f3a9c1e-0000-4000-8000-000000000003', contractTitle: '第三份合同' })];
    const api = openShell('/home', {
      'GET /api/meta/resources': ok([OFFERS, BILLS]),
      'GET /api/r/bills': searchRoute([bill(), ...others], ['contractTitle', 'payerName', 'payeeName']),
      'GET /api/r/purchaseOffers': searchRoute([offer({ title: '采购螺纹钢 5f3a' })], ['title']),
    });
    const { user } = api;
    await findActivePane();
    await user.click(screen.getByRole('button', { name: /搜索与跳转/ }));
    const palette = await findPalette();
    const input = within(palette).getByRole('combobox');
    await user.type(input, '5f3a9c1e');
    const records = await waitFor(() => {
      const found = group(palette, '记录');
      expect(found).not.toBeNull();
      return found!;
    });
    // Each resource asked once for the settled search, a page of three, in the caller's own scope.
    await waitFor(() => expect(within(records).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '螺纹钢框架采购合同确权账单 · 编号 5f3a9c1e',
      '第二份合同确权账单 · 编号 5f3a9c1e',
      '第三份合同确权账单 · 编号 5f3a9c1e',
    ]));
    const asked = api.api.callsTo('GET', '/api/r/bills').filter((c) => c.query.has('q'));
    expect(asked.map((c) => Object.fromEntries(c.query))).toEqual([{ pageNo: '1', pageSize: '3', q: '5f3a9c1e' }]);
    // Offers are searched too: their title has no such word, and an id prefix must be an id's.
    expect(api.api.callsTo('GET', '/api/r/purchaseOffers').map((c) => c.query.get('q'))).toEqual(['5f3a9c1e']);
    expect(within(palette).getByRole('status')).toHaveTextContent('找到 3 条记录');

    // Down to the third bill, up back to the second: Enter opens that bill's page.
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowUp}');
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!)!;
    expect(active).toHaveTextContent('第二份合同');
    await user.keyboard('{Enter}');
    // The bill's detail page, where the console opens a bill for its payer.
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe(`/contractUpdate/contractPaymentDetails?id=${others[0].id}`));
    await paletteGone();
  });

  it('waits for the typing to stop and cancels a search typed over', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api, user } = openShell('/home', {
      'GET /api/meta/resources': ok([BILLS]),
      'GET /api/r/bills': async (call) => {
        // The first search is slow to answer; it is typed over meanwhile.
        if (call.query.get('q') === '螺纹钢') await held;
        return searchRoute([bill()], ['contractTitle'])(call);
      },
    });
    await findActivePane();
    await pressCtrlK(user);
    const palette = await findPalette();
    const input = within(palette).getByRole('combobox');
    await user.type(input, '螺纹钢');
    await waitFor(() => expect(api.callsTo('GET', '/api/r/bills').map((c) => c.query.get('q'))).toEqual(['螺纹钢']));
    expect(within(palette).getByRole('status')).toHaveTextContent('正在查找记录…');
    await user.type(input, '框架');
    await waitFor(() => expect(api.callsTo('GET', '/api/r/bills').map((c) => c.query.get('q'))).toEqual(['螺纹钢', '螺纹钢框架']));
    // One request per settled search, not one per key; the one typed over was cancelled.
    const first = api.fetchMock.mock.calls.find(([url]) => String(url).includes(encodeURIComponent('螺纹钢')) && !String(url).includes(encodeURIComponent('框架')));
    expect((first?.[1] as RequestInit).signal?.aborted).toBe(true);
    release();
    await waitFor(() => expect(within(palette).getAllByRole('option').map((o) => o.textContent)).toContain('螺纹钢框架采购合同确权账单 · 编号 5f3a9c1e'));
  });

  it('closes on Esc and gives the focus back to where it was', async () => {
    const { user } = openShell('/home', { 'GET /api/meta/resources': ok([BILLS]) });
    await findActivePane();
    const button = screen.getByRole('button', { name: /搜索与跳转/ });
    await user.click(button);
    const palette = await findPalette();
    await waitFor(() => expect(within(palette).getByRole('combobox')).toHaveFocus());
    // Esc as a browser sends it (user-event's Escape has no keyCode, which antd's dialog reads).
    fireEvent.keyDown(within(palette).getByRole('combobox'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    await paletteGone();
    await waitFor(() => expect(button).toHaveFocus());
    // Opened again: empty, and the keys work as before.
    await pressCtrlK(user);
    const again = await findPalette();
    expect(within(again).getByRole('combobox')).toHaveValue('');
  });

  it('offers the actions the caller may take now on the record open, and choosing one does what its button does', async () => {
    const draft = offer({ title: '采购螺纹钢 快捷操作' });
    const { user } = openShell(`/outgoing/chainPayment/show/${draft.id}`, {
      'GET /api/meta/resources': ok([OFFERS, BILLS]),
      [`GET /api/rest/purchaseOffers/${draft.id}`]: bare({ ...draft, events: [] }),
    });
    const pane = await findActivePane();
    await within(pane).findByText('采购螺纹钢 快捷操作');
    await waitFor(() => expect(within(pane).getByRole('button', { name: /发\s*布/ })).toBeInTheDocument());
    await pressCtrlK(user);
    const palette = await findPalette();
    const actions = await waitFor(() => {
      const found = group(palette, '当前记录的操作');
      expect(found).not.toBeNull();
      return found!;
    });
    // A draft is published (or edited, deleted: not declared actions); withdrawing is for a published one.
    expect(within(actions).getAllByRole('option').map((o) => o.textContent)).toEqual(['发布当前记录']);
    // Typing narrows them as it narrows pages.
    await user.type(within(palette).getByRole('combobox'), '发布');
    await waitFor(() => expect(options(palette)[0]).toHaveTextContent('发布当前记录'));
    await user.keyboard('{Enter}');
    // The confirmation the 发布 button asks for.
    const question = await screen.findByText('发布后报价不能再修改，可随时撤回。确定发布吗？');
    expect(within(question.closest<HTMLElement>('[role="dialog"]')!).getByText('请确认')).toBeInTheDocument();
    await paletteGone();
  });

  it('offers no actions to a viewer, who may look but not act', async () => {
    const draft = offer({ title: '采购螺纹钢 只读' });
    const { user } = openShell(
      `/outgoing/chainPayment/show/${draft.id}`,
      { 'GET /api/meta/resources': ok([OFFERS]), [`GET /api/rest/purchaseOffers/${draft.id}`]: bare({ ...draft, events: [] }) },
      profileOf('viewer'),
    );
    const pane = await findActivePane();
    await within(pane).findByText('采购螺纹钢 只读');
    await pressCtrlK(user);
    const palette = await findPalette();
    await waitFor(() => expect(group(palette, '页面')).not.toBeNull());
    await act(() => new Promise((settled) => setTimeout(settled, 300)));
    expect(group(palette, '当前记录的操作')).toBeNull();
  });
});
