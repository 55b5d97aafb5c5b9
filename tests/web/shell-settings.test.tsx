import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findActivePane, openShell } from './support/shell';

const shell = () => document.querySelector<HTMLElement>('.shell')!;
const KEY = 'lsf.settings.main';

async function openDrawer(user: ReturnType<typeof openShell>['user']) {
  await user.click(screen.getByRole('button', { name: '界面设置' }));
  return screen.findByRole('dialog', { name: '界面设置' });
}

describe('settings drawer (SPEC §9), persisted per browser', { timeout: 40_000 }, () => {
  it('starts from the variant file: dark, side menu, fluid, multi-tab on (variants/main.json)', async () => {
    openShell('/home');
    await findActivePane();
    expect(shell()).toHaveAttribute('data-theme', 'dark');
    expect(shell()).toHaveAttribute('data-layout', 'sidemenu');
    expect(document.querySelector('.shell-tabs')).not.toBeNull();
    expect(document.querySelector('.shell-content--fixed')).toBeNull();
    expect(document.querySelector('.shell-header--fixed')).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('applies each choice at once and keeps it for the next visit', async () => {
    const first = openShell('/home');
    await findActivePane();
    const drawer = await openDrawer(first.user);
    await first.user.click(within(drawer).getByText('亮色'));
    await first.user.click(within(drawer).getByText('顶部菜单'));
    await first.user.click(within(drawer).getByText('定宽'));
    await first.user.click(within(drawer).getByRole('switch', { name: '固定 Header' }));
    await first.user.click(within(drawer).getByRole('switch', { name: '色弱模式' }));
    await first.user.click(within(drawer).getByRole('switch', { name: '多页签模式' }));
    await first.user.click(within(drawer).getByRole('radio', { name: '极光绿' }));

    const applied = () => {
      expect(shell()).toHaveAttribute('data-theme', 'light');
      expect(shell()).toHaveAttribute('data-layout', 'topmenu');
      expect(shell()).toHaveClass('shell--weak');
      expect(document.querySelector('.shell-tabs')).toBeNull();
      expect(document.querySelector('.shell-sider')).toBeNull();
      expect(document.querySelector('.shell-content--fixed')).not.toBeNull();
      expect(document.querySelector('.shell-header--fixed')).not.toBeNull();
    };
    await waitFor(applied);
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toEqual({
      theme: 'light',
      primaryColor: '#52c41a',
      layout: 'topmenu',
      contentWidth: 'fixed',
      fixedHeader: true,
      fixedSidebar: false,
      weakMode: true,
      multiTab: false,
    });

    // The next visit (a new page load) starts where this one left off.
    cleanup();
    const second = openShell('/home');
    await screen.findByRole('heading', { name: /张三$/ });
    applied();
    const drawer2 = await openDrawer(second.user);
    expect(within(drawer2).getByRole('radio', { name: '极光绿' })).toHaveAttribute('aria-checked', 'true');

    // Restoring the defaults is kept too.
    await second.user.click(within(drawer2).getByRole('button', { name: '恢复默认设置' }));
    await waitFor(() => expect(shell()).toHaveAttribute('data-theme', 'dark'));
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toMatchObject({ theme: 'dark', multiTab: true, layout: 'sidemenu' });
  });

  it('ignores a stored value it does not know, field by field', async () => {
    localStorage.setItem(KEY, JSON.stringify({ theme: 'purple', layout: 'topmenu', multiTab: 'yes', primaryColor: 'red' }));
    openShell('/home');
    await screen.findByRole('heading', { name: /张三$/ });
    expect(shell()).toHaveAttribute('data-theme', 'dark');
    expect(shell()).toHaveAttribute('data-layout', 'topmenu'); // the one valid field
    expect(document.querySelector('.shell-tabs')).not.toBeNull(); // 'yes' is not a boolean: the default, on
  });
});
