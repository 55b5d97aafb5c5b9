// Issue 17, defect 5: messages, todos and notices read in China time, the product's one zone and
// format, in a browser whose own zone is not China. New York is 13 hours behind Beijing in
// November, so the instant below is the 24th there and 00:30:05 on the 25th in China.
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MessageView, NoticeView, TodoView } from '../../src/shared/api';
import { roleFor } from '../../src/shared/permissions';
import { OWNER, findActivePane, openShell } from './support/shell';
import { ok, USER_INFO } from './support/fakeApi';
import { inTimeZone } from '../support/timeZone';

const AT = '2026-11-24T16:30:05.000Z';
const CHINA = '2026-11-25 00:30:05';
const SLOW = { timeout: 20_000 };

inTimeZone('America/New_York');

const todo: TodoView = { id: 't-1', kind: 'authenticate', title: '完成实名认证，开通交易功能', link: '/businessAuthentication', businessType: '0', status: 'open', createdAt: AT, doneAt: null };
const message: MessageView = { id: 'm-1', kind: 'welcome', title: '欢迎使用链上付', content: '欢迎', link: null, createdAt: AT, read: false };
const notice: Omit<NoticeView, 'read'> = { noticeId: 'n-1', noticeTitle: '系统维护通知', noticeContent: '<p>维护</p>', platforms: ['lsf'], status: 'published', publishedAt: AT };

describe('times in China time, one format (browser zone America/New_York)', { timeout: 60_000 }, () => {
  it('the browser is not in China', () => {
    expect(new Date(AT).getDate()).toBe(24);
  });

  it('shows a todo on the home page in China time', async () => {
    openShell('/home', { 'POST /api/system/newTodo/todoCount': ok(1), 'POST /api/system/newTodo/todoList': ok({ records: [todo], total: 1 }) });
    const pane = await findActivePane();
    expect(await within(pane).findByText(CHINA, {}, SLOW)).toBeInTheDocument();
  });

  it('shows a message in the message centre in China time', async () => {
    openShell('/message', { 'POST /api/system/message/list': ok({ records: [message], total: 1 }) });
    const pane = await findActivePane();
    expect(await within(pane).findByText(CHINA, {}, SLOW)).toBeInTheDocument();
  });

  it('shows a notice on the ops notice page in China time', async () => {
    openShell('/ops/notices', { 'POST /api/system/notice/list': ok({ records: [notice], total: 1 }) }, { ...OWNER, role: roleFor('ops') }, { ...USER_INFO, type: 'ops', accountName: '平台运营' });
    const pane = await findActivePane();
    expect(await within(pane).findByText(CHINA, {}, SLOW)).toBeInTheDocument();
  });
});
