import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from './support/fakeApi';
import { location } from './support/renderApp';
import { activePane, findActivePane, menuLink, openShell, tabTitles } from './support/shell';

const MESSAGES = {
  'POST /api/system/message/list': ok({ records: [], total: 0 }),
};

/** Right-clicks a tab's title and picks a command from its menu. */
async function tabCommand(tab: string, command: string) {
  const label = [...document.querySelectorAll('.shell-tabs .shell-tabs__label')].find((el) => el.textContent === tab)!;
  fireEvent.contextMenu(label);
  const menus = await screen.findAllByRole('menu');
  const open = menus.find((menu) => menu.closest('.ant-dropdown:not(.ant-dropdown-hidden)'))!;
  await act(async () => {
    fireEvent.click(within(open).getByText(command));
  });
}

async function openPages(user: ReturnType<typeof openShell>['user'], names: string[]) {
  for (const name of names) {
    await user.click(menuLink(name));
    await waitFor(() => expect(document.querySelector('.shell-tabs .ant-tabs-tab-active .shell-tabs__label')).toHaveTextContent(name));
  }
}

// Whole-console renders in jsdom are slow (antd); these journeys click through several pages.
describe('multi-tab bar (SPEC §2)', { timeout: 40_000 }, () => {
  it('opens one tab per visited route and closes right, left and all from the right-click menu', async () => {
    const { user } = openShell('/home', MESSAGES);
    await findActivePane();
    // Groups open on click; the account centre holds the message centre.
    await user.click(await screen.findByText('账户中心'));
    await openPages(user, ['消息中心', '发票管理', '服务协议']);
    // Visiting a route again re-uses its tab.
    await openPages(user, ['消息中心']);
    expect(tabTitles()).toEqual(['首页', '消息中心', '发票管理', '服务协议']);

    await tabCommand('消息中心', '关闭右侧');
    expect(tabTitles()).toEqual(['首页', '消息中心']);
    await tabCommand('消息中心', '关闭左侧');
    expect(tabTitles()).toEqual(['消息中心']);
    expect(location()).toBe('/message');

    await openPages(user, ['发票管理', '服务协议']);
    await tabCommand('发票管理', '关闭全部');
    expect(tabTitles()).toEqual(['发票管理']);
    await waitFor(() => expect(location()).toBe('/operator/invoice'));
  });

  it('refuses to close the last tab and says so; says when there is no tab on the left or right', async () => {
    openShell('/home', MESSAGES);
    await findActivePane();
    expect(tabTitles()).toEqual(['首页']);
    // The last tab has no close button.
    expect(document.querySelector('.shell-tabs .ant-tabs-tab-remove')).toBeNull();

    await tabCommand('首页', '关闭当前');
    expect(await screen.findByText('这是最后一个标签了，无法被关闭')).toBeInTheDocument();
    await tabCommand('首页', '关闭全部');
    await waitFor(() => expect(screen.getAllByText('这是最后一个标签了，无法被关闭')).toHaveLength(2));
    await tabCommand('首页', '关闭左侧');
    expect(await screen.findByText('左侧没有标签')).toBeInTheDocument();
    await tabCommand('首页', '关闭右侧');
    expect(await screen.findByText('右侧没有标签')).toBeInTheDocument();
    expect(tabTitles()).toEqual(['首页']);
  });

  it('closing the active tab moves to its right neighbour, else its left one', async () => {
    const { user } = openShell('/home', MESSAGES);
    await findActivePane();
    await user.click(await screen.findByText('账户中心'));
    await openPages(user, ['消息中心', '发票管理']);
    await user.click(screen.getByText('消息中心', { selector: '.shell-tabs__label' }));
    await waitFor(() => expect(location()).toBe('/message'));
    await tabCommand('消息中心', '关闭当前');
    await waitFor(() => expect(location()).toBe('/operator/invoice'));
    expect(tabTitles()).toEqual(['首页', '发票管理']);
    await tabCommand('发票管理', '关闭当前');
    await waitFor(() => expect(location()).toBe('/home'));
    expect(tabTitles()).toEqual(['首页']);
  });

  it('keeps a page state while another tab is shown, and drops it when its tab closes', async () => {
    const { user } = openShell('/home', MESSAGES);
    await findActivePane();
    await user.click(await screen.findByText('账户中心'));
    await openPages(user, ['消息中心']);
    await user.click(within(activePane()).getByText('未读消息'));
    await waitFor(() => expect(within(activePane()).getByRole('radio', { name: '未读消息' })).toBeChecked());

    await user.click(screen.getByText('首页', { selector: '.shell-tabs__label' }));
    await waitFor(() => expect(location()).toBe('/home'));
    await user.click(screen.getByText('消息中心', { selector: '.shell-tabs__label' }));
    await waitFor(() => expect(location()).toBe('/message'));
    expect(within(activePane()).getByRole('radio', { name: '未读消息' })).toBeChecked();

    await tabCommand('消息中心', '关闭当前');
    await waitFor(() => expect(location()).toBe('/home'));
    await openPages(user, ['消息中心']);
    expect(within(activePane()).getByRole('radio', { name: '全部消息' })).toBeChecked();
  });
});
