import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, type Call } from './support/fakeApi';
import { findActivePane, openShell } from './support/shell';

const AGREEMENT = {
  platform: 'lsf',
  version: '2026.11',
  agreedAt: null,
  title: '链上付平台服务协议',
  sections: [{ heading: '一、服务内容', body: '平台提供合约支付与结算服务。' }],
};
const NOTICES = [
  { noticeId: 'n-1', noticeTitle: '系统升级通知', noticeContent: '<p>本周六 <b>22:00</b> 升级。</p><img src="x" onerror="window.__hacked = 1"><script>window.__hacked = 2</script>', platforms: ['lsf'], status: 'published', publishedAt: '2026-11-01T00:00:00.000Z', read: false },
  { noticeId: 'n-2', noticeTitle: '费率调整公告', noticeContent: '<p>下月起调整。</p>', platforms: ['lsf'], status: 'published', publishedAt: '2026-11-02T00:00:00.000Z', read: false },
];

/** Lets pending promises (fetch, state updates) run while the timers are fake. */
async function flushUntil(done: () => boolean) {
  for (let round = 0; round < 200 && !done(); round += 1) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

const noticeDialog = () => screen.queryAllByRole('dialog').find((d) => within(d).queryByText('公告详情'));
const showing = (title: string) => {
  const dialog = noticeDialog();
  return !!dialog && !!within(dialog).queryByRole('heading', { name: title }) && !dialog.closest('.ant-zoom-leave, [style*="display: none"]');
};

describe('platform agreement and announcements (SPEC §4 Notices)', { timeout: 40_000 }, () => {
  it('asks for the agreement first, then shows the unread notices one at a time, 500 ms apart', async () => {
    let agreed = false;
    const readed: string[] = [];
    const { api, user } = openShell('/home', {
      'GET /api/system/LoginPlatform/lsfGetAgreement': () => ok({ ...AGREEMENT, agreed }),
      'GET /api/system/LoginPlatform/confirm': () => {
        agreed = true;
        return ok({ ...AGREEMENT, agreed: true, agreedAt: '2026-11-20T02:00:00.000Z' });
      },
      'GET /api/system/notice/unread': ok(NOTICES),
      'GET /api/system/notice/readed': (call: Call) => {
        readed.push(call.query.get('noticeId') ?? '');
        return ok(null);
      },
    });
    await findActivePane();

    // The agreement: its sections, no close icon, and no notices until it is agreed.
    const agreement = await screen.findByRole('dialog', { name: '链上付平台服务协议' });
    expect(within(agreement).getByText('平台提供合约支付与结算服务。')).toBeInTheDocument();
    expect(agreement.querySelector('.ant-modal-close')).toBeNull();
    expect(api.callsTo('GET', '/api/system/notice/unread')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/system/LoginPlatform/lsfGetAgreement')[0].query.get('platform')).toBe('lsf');
    await user.click(within(agreement).getByRole('button', { name: '我已阅读并同意' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/system/LoginPlatform/confirm')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/system/LoginPlatform/confirm')[0].query.get('platform')).toBe('lsf');

    // The first notice: titled 公告详情, one button, no close icon, sanitized HTML.
    await waitFor(() => expect(showing('系统升级通知')).toBe(true));
    expect(api.callsTo('GET', '/api/system/notice/unread')[0].query.get('platform')).toBe('lsf');
    const first = noticeDialog()!;
    expect(within(first).getAllByRole('button').map((b) => b.textContent)).toEqual(['我已阅读并同意']);
    expect(first.querySelector('.ant-modal-close')).toBeNull();
    // It says how many are waiting (issue 28 item 10: four dialogs in a row, with no end in sight).
    expect(within(first).getByTestId('notice-position')).toHaveTextContent('第 1 条，共 2 条未读公告');
    expect((await within(first).findByText('22:00')).tagName).toBe('B'); // DOMPurify loads on first use
    expect(first.querySelector('script')).toBeNull();
    expect(first.querySelector('img')?.getAttribute('onerror')).toBeNull();
    // Escape does not close it.
    fireEvent.keyDown(first, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(showing('系统升级通知')).toBe(true);

    // Confirm: marked read, closed, and the next one only after 500 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(first).getByRole('button', { name: '我已阅读并同意' }));
    await flushUntil(() => readed.length === 1);
    expect(readed).toEqual(['n-1']);
    await flushUntil(() => !showing('系统升级通知'));
    expect(showing('费率调整公告')).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(499);
    });
    expect(showing('费率调整公告')).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await flushUntil(() => showing('费率调整公告'));
    expect(showing('费率调整公告')).toBe(true);
    expect(within(noticeDialog()!).getByTestId('notice-position')).toHaveTextContent('第 2 条，共 2 条未读公告');

    // The last: confirmed, closed, nothing follows.
    fireEvent.click(within(noticeDialog()!).getByRole('button', { name: '我已阅读并同意' }));
    await flushUntil(() => readed.length === 2);
    expect(readed).toEqual(['n-1', 'n-2']);
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    vi.useRealTimers();
    await waitFor(() => expect(showing('费率调整公告')).toBe(false));
    expect(showing('系统升级通知')).toBe(false);
    expect((window as { __hacked?: number }).__hacked).toBeUndefined();
  });

  it('goes straight to the notices when the agreement is already agreed, and shows nothing when none are unread', async () => {
    const { api } = openShell('/home');
    await findActivePane();
    await waitFor(() => expect(api.callsTo('GET', '/api/system/notice/unread')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/system/LoginPlatform/confirm')).toHaveLength(0);
    expect(noticeDialog()).toBeUndefined();
  });
});
