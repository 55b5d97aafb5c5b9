// /friendLinks and /buildPage (issue 9): partner links from the variant file, reached from the
// footer; a designed "under construction" page for /buildPage alone.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { location } from './support/renderApp';
import { findActivePane, openShell } from './support/shell';

const SLOW = { timeout: 20_000 };

describe('partner links and the page under construction', { timeout: 40_000 }, () => {
  it('lists the variant partner links, opening in a new tab, from the footer', async () => {
    const { user } = openShell('/home');
    await user.click(await screen.findByRole('link', { name: '友情链接' }, SLOW));
    await waitFor(() => expect(location()).toBe('/friendLinks'));
    const pane = await findActivePane();
    const link = await within(pane).findByRole('link', { name: '国家企业信用信息公示系统' }, SLOW);
    expect(link).toHaveAttribute('href', 'https://www.gsxt.gov.cn');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(pane).getByText('签约前查询交易对手是否为失信被执行人。')).toBeInTheDocument();
    expect(within(pane).getAllByRole('link')).toHaveLength(4);
  });

  it('shows /buildPage as under construction, with a way home', async () => {
    const { user } = openShell('/buildPage');
    const pane = await findActivePane();
    expect(await within(pane).findByText('页面建设中', {}, SLOW)).toBeInTheDocument();
    await user.click(within(pane).getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(location()).toBe('/home'));
  });
});
