// Issue 17 defects 2 and 3 in the generated forms: a bad number or amount stays exactly as typed
// and gets a field error, the submit is refused (nothing is sent); the valid-until and delivery
// pickers offer no past day and a past day already in the form gets a field error; a price of 0
// is refused as the server refuses it (issue 28 item 4).
import { configure, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import deposits from '../../schemas/resources/deposits.json';
import { chinaDay } from '../../src/shared/chinaTime';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { fakeApi } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { baseRoutes, CONTRACTS, OFFERS_PATH, offer, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

const DEPOSITS = deposits as unknown as ResourceDefinition;
const MONEY_ERROR = '请输入正确的金额：不带正负号，最多两位小数';

/** The error text shown under a field, found from its label. */
function errorOf(label: string): string {
  const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  return item.querySelector('.ant-form-item-explain')?.textContent ?? '';
}

/** Types into each field, leaves it (a blur is where a clamping input rewrote it) and submits. */
async function typeAndSubmit(user: UserEvent, typed: Record<string, string>) {
  for (const [label, text] of Object.entries(typed)) {
    await user.type(screen.getByLabelText(label), text);
    await user.tab();
  }
  for (const [label, text] of Object.entries(typed)) expect(screen.getByLabelText(label), label).toHaveValue(text);
  await user.click(screen.getByRole('button', { name: /提\s*交/ }));
}

describe('bad numbers are kept as typed and refused with a field error', () => {
  it('offer: quantity -5, price -100, ratio -10', async () => {
    const api = fakeApi({ ...baseRoutes(), 'POST /api/rest/purchaseOffers': bare(offer()) });
    const { user } = renderResource(`${OFFERS_PATH}/create`);
    await screen.findByRole('heading', { name: '新建采购报价' });
    await typeAndSubmit(user, { 数量: '-5', '单价（元）': '-100', '保证金比例（%）': '-10' });
    await waitFor(() => expect(errorOf('数量')).toBe('不能小于 0.01'));
    expect(errorOf('单价（元）')).toBe(MONEY_ERROR);
    expect(errorOf('保证金比例（%）')).toBe('不能小于 0');
    // Still what was typed after the errors appeared: nothing rewrote it.
    expect(screen.getByLabelText('数量')).toHaveValue('-5');
    expect(screen.getByLabelText('单价（元）')).toHaveValue('-100');
    expect(screen.getByLabelText('保证金比例（%）')).toHaveValue('-10');
    expect(api.callsTo('POST', '/api/rest/purchaseOffers')).toHaveLength(0);
    // Fixed, the errors go as the user types.
    await user.clear(screen.getByLabelText('数量'));
    await user.type(screen.getByLabelText('数量'), '5');
    await waitFor(() => expect(errorOf('数量')).toBe(''));
  });

  it('contract sent directly: quantity -3, price -99.999, ratio 150', async () => {
    const api = fakeApi({ ...baseRoutes('owner', [CONTRACTS]), 'POST /api/rest/contracts': bare({}) });
    const { user } = renderResource('/contractUpdate/initiateContract/create', { resource: 'contracts', routePath: '/contractUpdate/initiateContract' });
    await screen.findByLabelText('数量');
    await typeAndSubmit(user, { 数量: '-3', '单价（元）': '-99.999', '保证金比例（%）': '150' });
    await waitFor(() => expect(errorOf('数量')).toBe('不能小于 0.01'));
    expect(errorOf('单价（元）')).toBe(MONEY_ERROR);
    expect(errorOf('保证金比例（%）')).toBe('不能大于 100');
    expect(screen.getByLabelText('单价（元）')).toHaveValue('-99.999');
    expect(screen.getByLabelText('保证金比例（%）')).toHaveValue('150');
    expect(api.callsTo('POST', '/api/rest/contracts')).toHaveLength(0);
  });

  it('deposit: -500.129', async () => {
    const api = fakeApi({ ...baseRoutes('owner', [DEPOSITS]), 'POST /api/rest/deposits': bare({}) });
    const { user } = renderResource('/payment/deposit/create', { resource: 'deposits', routePath: '/payment/deposit' });
    await screen.findByLabelText('充值金额（元）');
    await typeAndSubmit(user, { '充值金额（元）': '-500.129' });
    await waitFor(() => expect(errorOf('充值金额（元）')).toBe(MONEY_ERROR));
    expect(screen.getByLabelText('充值金额（元）')).toHaveValue('-500.129');
    expect(api.callsTo('POST', '/api/rest/deposits')).toHaveLength(0);
  });

  it('a valid amount still reads with separators; a decimal ratio is no integer', async () => {
    fakeApi({ ...baseRoutes(), 'POST /api/rest/purchaseOffers': bare(offer()) });
    const { user } = renderResource(`${OFFERS_PATH}/create`);
    await screen.findByRole('heading', { name: '新建采购报价' });
    await user.type(screen.getByLabelText('单价（元）'), '１２,345.5');
    await user.type(screen.getByLabelText('保证金比例（%）'), '1.5');
    await user.tab();
    expect(screen.getByLabelText('单价（元）')).toHaveValue('12,345.50');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(errorOf('保证金比例（%）')).toBe('请输入整数'));
    expect(errorOf('单价（元）')).toBe('');
  });
});

describe('the valid-until day', () => {
  it('offers no past day in the picker, today and later are offered', async () => {
    fakeApi({ ...baseRoutes(), 'POST /api/rest/purchaseOffers': bare(offer()) });
    const { user } = renderResource(`${OFFERS_PATH}/create`);
    await screen.findByRole('heading', { name: '新建采购报价' });
    await user.click(screen.getByLabelText('报价有效期至'));
    const today = chinaDay(new Date());
    const cell = async (day: string) => (await waitFor(() => document.querySelector(`.ant-picker-dropdown td[title="${day}"]`) as HTMLElement)) ?? null;
    // The panel opens on this month: the 1st is past unless today is the 1st.
    const first = dayjs(today).startOf('month').format('YYYY-MM-DD');
    if (first !== today) expect(await cell(first)).toHaveClass('ant-picker-cell-disabled');
    expect(await cell(today)).not.toHaveClass('ant-picker-cell-disabled');
    // Nor does the delivery date's (issue 28 item 4).
    await user.keyboard('{Escape}');
    await user.click(screen.getByLabelText('交货日期'));
    const open = async (day: string) => (await waitFor(() => document.querySelector(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${day}"]`) as HTMLElement)) ?? null;
    if (first !== today) expect(await open(first)).toHaveClass('ant-picker-cell-disabled');
    expect(await open(today)).not.toHaveClass('ant-picker-cell-disabled');
  });

  it('keeps a past day typed into the picker and says it is past', async () => {
    const api = fakeApi({ ...baseRoutes(), 'POST /api/rest/purchaseOffers': bare(offer()) });
    const { user } = renderResource(`${OFFERS_PATH}/create`);
    await screen.findByRole('heading', { name: '新建采购报价' });
    await user.click(screen.getByLabelText('报价有效期至'));
    await user.type(screen.getByLabelText('报价有效期至'), '2020-01-31');
    await user.click(screen.getByLabelText('报价标题'));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(errorOf('报价有效期至')).toBe('不能早于今天'));
    expect(screen.getByLabelText('报价有效期至')).toHaveValue('2020-01-31');
    expect(api.callsTo('POST', '/api/rest/purchaseOffers')).toHaveLength(0);
  });

  it('keeps a past delivery day and a price of 0 as typed and refuses both: offer (issue 28 item 4)', async () => {
    const api = fakeApi({ ...baseRoutes(), 'POST /api/rest/purchaseOffers': bare(offer()) });
    const { user } = renderResource(`${OFFERS_PATH}/create`);
    await screen.findByRole('heading', { name: '新建采购报价' });
    await user.type(screen.getByLabelText('交货日期'), '2020-02-01');
    await user.click(screen.getByLabelText('报价标题'));
    await user.type(screen.getByLabelText('单价（元）'), '0');
    await user.tab();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(errorOf('交货日期')).toBe('不能早于今天'));
    expect(errorOf('单价（元）')).toBe('金额必须大于 0');
    expect(screen.getByLabelText('交货日期')).toHaveValue('2020-02-01');
    expect(api.callsTo('POST', '/api/rest/purchaseOffers')).toHaveLength(0);
  });

  it('the same on a contract sent directly', async () => {
    const api = fakeApi({ ...baseRoutes('owner', [CONTRACTS]), 'POST /api/rest/contracts': bare({}) });
    const { user } = renderResource('/contractUpdate/initiateContract/create', { resource: 'contracts', routePath: '/contractUpdate/initiateContract' });
    await screen.findByLabelText('数量');
    await user.type(screen.getByLabelText('交货日期'), '2020-03-01');
    await user.click(screen.getByLabelText('数量'));
    await user.type(screen.getByLabelText('单价（元）'), '0.00');
    await user.tab();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(errorOf('交货日期')).toBe('不能早于今天'));
    expect(errorOf('单价（元）')).toBe('金额必须大于 0');
    expect(screen.getByLabelText('交货日期')).toHaveValue('2020-03-01');
    expect(api.callsTo('POST', '/api/rest/contracts')).toHaveLength(0);
  });

  it('refuses a past day already in a draft with a field error, nothing sent', async () => {
    const draft = offer({ validUntil: '2020-01-31' });
    const api = fakeApi({ ...baseRoutes(), [`GET /api/rest/purchaseOffers/${draft.id}`]: bare({ ...draft, events: [] }), [`PUT /api/rest/purchaseOffers/${draft.id}`]: bare(draft) });
    const { user } = renderResource(`${OFFERS_PATH}/edit/${draft.id}`);
    await screen.findByRole('heading', { name: '编辑采购报价' });
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errorOf('报价有效期至')).toBe('不能早于今天'));
    expect(api.callsTo('PUT', `/api/rest/purchaseOffers/${draft.id}`)).toHaveLength(0);
  });
});
