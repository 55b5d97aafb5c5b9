import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { fail, fakeApi, ok, type Call } from './support/fakeApi';
import { bare, restFail } from './support/fakeRest';
import { baseRoutes, location, OFFERS_PATH, offer, renderResource } from './support/resourceHarness';

// antd pages render slowly in jsdom on a busy machine: generous limits, same assertions.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

const withEvents = (record: ResourceRecord, events: unknown[] = [{ action: 'create', from: null, to: 'draft', input: null, by: 'u-owner', at: record.createdAt }]) => ({ ...record, events });

describe('generated show page', () => {
  it('shows the declared sections, the region by name and the history', async () => {
    const record = offer({ title: '采购螺纹钢 展示', contactPhone: '13812345678', collateralRatio: 20 });
    fakeApi({ ...baseRoutes(), [`GET /api/rest/purchaseOffers/${record.id}`]: bare(withEvents(record)) });
    renderResource(`${OFFERS_PATH}/show/${record.id}`);
    expect(await screen.findByText('采购螺纹钢 展示')).toBeInTheDocument();
    for (const section of ['基本信息', '商品信息', '交付与条款']) expect(screen.getByText(section)).toBeInTheDocument();
    expect(screen.getByText('1,234,567.50')).toBeInTheDocument();
    expect(await screen.findByText('浙江省 / 杭州市 / 西湖区')).toBeInTheDocument();
    const history = screen.getByText('操作记录').closest('.ant-card') as HTMLElement;
    expect(within(history).getByText('创建')).toBeInTheDocument();
    expect(within(history).getByText('2026-03-01 10:30:00')).toBeInTheDocument();
  });

  it('offers the actions the state and the ability allow', async () => {
    const draft = offer();
    const published = offer({ state: 'published', version: 2 });
    const routes = { [`GET /api/rest/purchaseOffers/${draft.id}`]: bare(withEvents(draft)), [`GET /api/rest/purchaseOffers/${published.id}`]: bare(withEvents(published)) };
    const buttons = () => screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, '')).filter((name) => name !== '返回列表');

    fakeApi({ ...baseRoutes('owner'), ...routes });
    let view = renderResource(`${OFFERS_PATH}/show/${draft.id}`);
    await screen.findByText(draft.title as string);
    // Each button shows once refine's access control has answered for this record.
    await waitFor(() => expect(buttons()).toEqual(['发布', '编辑', '删除']));
    view.unmount();

    view = renderResource(`${OFFERS_PATH}/show/${published.id}`);
    await screen.findByText(published.title as string);
    await waitFor(() => expect(buttons()).toEqual(['撤回']));
    view.unmount();

    // A viewer may look, never act.
    fakeApi({ ...baseRoutes('viewer'), ...routes });
    renderResource(`${OFFERS_PATH}/show/${draft.id}`);
    await screen.findByText(draft.title as string);
    // Access answers arrive within a few ticks (the case above shows buttons by then); none may show.
    await act(() => new Promise((settled) => setTimeout(settled, 300)));
    expect(buttons()).toEqual([]);
  });

  it('publishes after the confirmation the resource words', async () => {
    const draft = offer();
    let current: ResourceRecord = draft;
    const api = fakeApi({
      ...baseRoutes(),
      [`GET /api/rest/purchaseOffers/${draft.id}`]: () => bare(withEvents(current)),
      [`POST /api/r/purchaseOffers/${draft.id}/actions/publish`]: () => {
        current = { ...draft, state: 'published', version: 2 };
        return ok(current);
      },
    });
    const { user } = renderResource(`${OFFERS_PATH}/show/${draft.id}`);
    await user.click(await screen.findByRole('button', { name: /发\s*布/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('发布后报价不能再修改，可随时撤回。确定发布吗？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('报价已发布')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/r/purchaseOffers/${draft.id}/actions/publish`)[0].body).toEqual({});
    // The action declares a result step: the console goes on to it, for this record and action.
    await waitFor(() => expect(location()).toMatch(/^\/outgoing\/resultsPage\?/));
    const params = new URL(location(), 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({ resource: 'purchaseOffers', id: draft.id, action: 'publish', from: OFFERS_PATH });
  });

  it('withdraws with a reason entered in a modal form, errors on its field', async () => {
    const published = offer({ state: 'published', version: 2 });
    let answers = [fail(400, '提交的信息有误，请检查标出的字段', { reason: '原因不能只写标点' }), ok({ ...published, state: 'withdrawn', version: 3 })];
    const api = fakeApi({
      ...baseRoutes(),
      [`GET /api/rest/purchaseOffers/${published.id}`]: bare(withEvents(published)),
      [`POST /api/r/purchaseOffers/${published.id}/actions/withdraw`]: () => {
        const [next, ...rest] = answers;
        answers = rest;
        return next;
      },
    });
    const { user } = renderResource(`${OFFERS_PATH}/show/${published.id}`);
    await user.click(await screen.findByRole('button', { name: /撤\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    const submit = await within(dialog).findByRole('button', { name: /提\s*交/ });
    // Client-side first: the reason is required, said the server's way.
    await user.click(submit);
    expect(await within(dialog).findByText('此项为必填项')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/r/purchaseOffers/${published.id}/actions/withdraw`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/撤回原因/), '。。');
    await user.click(submit);
    expect(await within(dialog).findByText('原因不能只写标点')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/撤回原因/));
    await user.type(within(dialog).getByLabelText(/撤回原因/), '需求取消');
    await user.click(submit);
    expect(await screen.findByText('报价已撤回')).toBeInTheDocument();
    const calls = api.callsTo('POST', `/api/r/purchaseOffers/${published.id}/actions/withdraw`);
    expect(calls.map((c: Call) => c.body)).toEqual([{ reason: '。。' }, { reason: '需求取消' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows an action's answer as the record without reading it again", async () => {
    const published = offer({ state: 'published', version: 2 });
    const withdrawn = { ...published, state: 'withdrawn', version: 3, updatedAt: '2026-05-02T08:00:00.000Z' };
    const history = [
      { action: 'create', from: null, to: 'draft', input: null, by: 'u-owner', at: published.createdAt },
      { action: 'withdraw', from: 'published', to: 'withdrawn', input: { reason: '需求取消' }, by: 'u-owner', at: withdrawn.updatedAt },
    ];
    const api = fakeApi({
      ...baseRoutes(),
      [`GET /api/rest/purchaseOffers/${published.id}`]: bare(withEvents(published)),
      // The server answers an action with the moved record and its history, as GET does.
      [`POST /api/r/purchaseOffers/${published.id}/actions/withdraw`]: ok(withEvents(withdrawn, history)),
    });
    const { user } = renderResource(`${OFFERS_PATH}/show/${published.id}`);
    await user.click(await screen.findByRole('button', { name: /撤\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    const submit = await within(dialog).findByRole('button', { name: /提\s*交/ });
    await user.type(await within(dialog).findByLabelText(/撤回原因/), '需求取消');
    await user.click(submit);
    expect(await screen.findByText('报价已撤回')).toBeInTheDocument();
    // The page shows the answer: the new state and the withdrawal in the history, with its reason.
    await waitFor(() => expect(screen.getAllByText('已撤回').length).toBeGreaterThan(0));
    expect(screen.getAllByText(/需求取消/).length).toBeGreaterThan(0);
    // The record was read once, when the page opened; the answer told the rest.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo('GET', `/api/rest/purchaseOffers/${published.id}`)).toHaveLength(1);
  });

  it('deletes a draft after confirmation and returns to the list', async () => {
    const draft = offer();
    const api = fakeApi({
      ...baseRoutes(),
      [`GET /api/rest/purchaseOffers/${draft.id}`]: bare(withEvents(draft)),
      // The record as it was: what DELETE on /api/rest answers.
      [`DELETE /api/rest/purchaseOffers/${draft.id}`]: bare(withEvents(draft)),
      'GET /api/r/purchaseOffers': ok({ records: [], total: 0 }),
    });
    const { user } = renderResource(`${OFFERS_PATH}/show/${draft.id}`);
    await user.click(await screen.findByRole('button', { name: /删\s*除/ }));
    // refine's DeleteButton asks in a popconfirm beside the button.
    const confirm = (await screen.findByText('删除后不可恢复，确定删除这条记录吗？')).closest('.ant-popover') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('记录已删除')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(OFFERS_PATH));
    expect(api.callsTo('DELETE', `/api/rest/purchaseOffers/${draft.id}`)).toHaveLength(1);
  });

  it('says so when the record is not there', async () => {
    fakeApi({ ...baseRoutes(), 'GET /api/rest/purchaseOffers/nope': restFail(404, '请求的资源不存在') });
    renderResource(`${OFFERS_PATH}/show/nope`);
    expect(await screen.findByText('记录不存在或已被删除')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回列表/ })).toBeInTheDocument();
  });
});
