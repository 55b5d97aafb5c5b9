// /task (issue 9): every todo of the account, filtered by status, each opening its business page.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TodoView } from '../../src/shared/api';
import { ok, type Call } from './support/fakeApi';
import { location } from './support/renderApp';
import { findActivePane, openShell } from './support/shell';

const SLOW = { timeout: 20_000 };
const todo = (over: Partial<TodoView>): TodoView => ({
  id: 't-1',
  kind: 'authenticate',
  title: '完成实名认证，开通交易功能',
  link: '/businessAuthentication',
  businessType: '0',
  status: 'open',
  createdAt: '2026-11-20T02:00:00.000Z',
  doneAt: null,
  ...over,
});

const byStatus = (call: Call) => {
  const status = (call.body as { status: string }).status;
  const records =
    status === 'open'
      ? [todo({})]
      : status === 'done'
        ? [todo({ id: 't-2', title: '已完成的事项', link: '/home', status: 'done', doneAt: '2026-11-21T02:00:00.000Z' })]
        : [todo({}), todo({ id: 't-2', title: '已完成的事项', link: '/home', status: 'done', doneAt: '2026-11-21T02:00:00.000Z' })];
  return ok({ records, total: records.length });
};

describe('/task', { timeout: 40_000 }, () => {
  it('lists the open todos, then done and all, and opens a todo business page', async () => {
    const { api, user } = openShell('/task', { 'POST /api/system/newTodo/todoList': byStatus });
    const pane = await findActivePane();
    expect(await within(pane).findByText('完成实名认证，开通交易功能', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).queryByText('已完成的事项')).toBeNull();
    await user.click(within(pane).getByText('已完成', { selector: '.ant-segmented-item-label' }));
    expect(await within(pane).findByText('已完成的事项')).toBeInTheDocument();
    // A done todo has nothing left to handle.
    expect(within(pane).queryByRole('button', { name: '去处理' })).toBeNull();
    await user.click(within(pane).getByText('全部', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(within(pane).getAllByRole('row')).toHaveLength(3));
    const statuses = api.callsTo('POST', '/api/system/newTodo/todoList').map((c) => (c.body as { status: string }).status);
    expect(statuses).toEqual(expect.arrayContaining(['open', 'done', 'all']));
    await user.click(within(pane).getByRole('button', { name: '去处理' }));
    await waitFor(() => expect(location()).toBe('/businessAuthentication'));
  });

  it('is linked from the home page to-do card', async () => {
    const { user } = openShell('/home');
    await user.click(await screen.findByRole('link', { name: '全部待办' }, SLOW));
    await waitFor(() => expect(location()).toBe('/task'));
  });
});
