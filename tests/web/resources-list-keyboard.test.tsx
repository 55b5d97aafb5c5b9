// Keyboard navigation in a generated list (issue 32 item 5): j/k or the arrows move a highlighted
// row (which takes the focus), Enter opens it, x or Space chooses it for a bulk action; keys typed
// into a filter, or pressed on a row's own box or button, stay theirs.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from './support/fakeApi';
import { baseRoutes, location, OFFERS_PATH, offer, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

const rows = [offer({ title: '键盘报价 甲' }), offer({ title: '键盘报价 乙' }), offer({ title: '键盘报价 丙' })];
const routes = () => ({
  ...baseRoutes(),
  'GET /api/list-views': ok({ views: [], columns: null }),
  'GET /api/r/purchaseOffers': ok({ records: rows, total: rows.length }),
  'POST /api/r/purchaseOffers/bulk': ok({ total: 1, actions: [{ name: 'publish', count: 1 }] }),
});

/** The table's body rows, in order. */
const bodyRows = () => [...document.querySelectorAll<HTMLTableRowElement>('.resource-list__table tbody tr[data-row-key]')];
/** The title of the highlighted row(s). */
const highlighted = () => bodyRows().filter((row) => row.classList.contains('resource-list__row--active')).map((row) => within(row).getAllByRole('cell')[1].textContent);

describe('keyboard navigation in a generated list', () => {
  it('moves a highlighted row with j/k and the arrows, the row taking the focus, and opens it with Enter', async () => {
    fakeApi(routes());
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('键盘报价 丙');
    expect(highlighted()).toEqual([]);
    await user.keyboard('j');
    expect(highlighted()).toEqual(['键盘报价 甲']);
    expect(bodyRows()[0]).toHaveFocus();
    await user.keyboard('j');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toEqual(['键盘报价 丙']);
    // The last row stays the last.
    await user.keyboard('j');
    expect(highlighted()).toEqual(['键盘报价 丙']);
    await user.keyboard('k');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toEqual(['键盘报价 乙']);
    expect(bodyRows()[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe(`${OFFERS_PATH}/show/${rows[1].id}`));
  });

  it('chooses and unchooses the highlighted row with x and Space, for the bulk actions', async () => {
    fakeApi(routes());
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('键盘报价 丙');
    await user.keyboard('jj');
    await user.keyboard('x');
    const bar = await screen.findByRole('region', { name: '批量操作' });
    expect(within(bar).getByTestId('bulk-selected')).toHaveTextContent('已选择 1 条');
    expect(within(bodyRows()[1]).getByRole('checkbox')).toBeChecked();
    await user.keyboard('k');
    await user.keyboard(' ');
    await waitFor(() => expect(within(bar).getByTestId('bulk-selected')).toHaveTextContent('已选择 2 条'));
    expect(within(bodyRows()[0]).getByRole('checkbox')).toBeChecked();
    await user.keyboard('x');
    await waitFor(() => expect(within(bar).getByTestId('bulk-selected')).toHaveTextContent('已选择 1 条'));
    expect(within(bodyRows()[0]).getByRole('checkbox')).not.toBeChecked();
    // Space on a row's own box is the box's: it is not chosen twice.
    const box = within(bodyRows()[2]).getByRole('checkbox');
    box.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(within(bar).getByTestId('bulk-selected')).toHaveTextContent('已选择 2 条'));
    expect(within(bodyRows()[0]).getByRole('checkbox')).not.toBeChecked();
    expect(highlighted()).toEqual(['键盘报价 甲']);
  });

  it('leaves the keys to a filter being typed in, and to a pop-up over the list', async () => {
    fakeApi(routes());
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('键盘报价 丙');
    const title = within(screen.getByRole('form', { name: '筛选条件' })).getByLabelText('报价标题');
    await user.type(title, 'jkx');
    expect(title).toHaveValue('jkx');
    fireEvent.keyDown(title, { key: 'ArrowDown' });
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(highlighted()).toEqual([]);
    expect(location()).toBe(OFFERS_PATH);
    // Out of the filter, the keys are the list's; the columns popover over the list keeps its keys too.
    title.blur();
    await user.keyboard('j');
    expect(highlighted()).toEqual(['键盘报价 甲']);
    await user.click(screen.getByRole('button', { name: /列设置/ }));
    const columns = await screen.findByRole('list', { name: '显示的列' });
    within(columns).getAllByRole('checkbox')[0].focus();
    await user.keyboard('j');
    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toEqual(['键盘报价 甲']);
    expect(location()).toBe(OFFERS_PATH);
  });

  it('answers only in the list on screen: a list in a hidden tab keeps still', async () => {
    fakeApi(routes());
    const { user, container } = renderResource(OFFERS_PATH);
    await screen.findByText('键盘报价 丙');
    container.hidden = true;
    await user.keyboard('j');
    container.hidden = false;
    expect(highlighted()).toEqual([]);
  });
});
