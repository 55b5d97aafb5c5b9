// The endpoints behind the console shell (issue 3): notices, messages, todos and the platform
// agreement, with real data produced by registration and by an ops user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementView, MessageView, NoticeView, Page, TodoView } from '../../src/shared/api';
import { closeTodo } from '../../src/server/notify';
import { loginPassword, signedIn } from '../support/flows';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('shell API', () => {
  let s: TestServer;
  let ops: string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000009', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000009', 'Admin#2026')).body.data.access_token;
  });
  afterAll(() => s?.close());

  const publish = (title: string, platforms = ['lsf'], content = `<p>${title}</p>`) => {
    s.clock.advance(1000);
    return s.call<NoticeView>('POST', '/api/system/notice', { token: ops, body: { noticeTitle: title, noticeContent: content, platforms } });
  };

  describe('notices', () => {
    it('lets ops publish, sanitizing the HTML', async () => {
      const res = await publish('系统升级公告', ['lsf', 'xhn'], '<p onclick="x()">升级<script>alert(1)</script><a href="javascript:alert(1)">链接</a><b>粗体</b></p><img src=x onerror=alert(1)>');
      expect(res.body.code).toBe(200);
      expect(res.body.data.noticeContent).toBe('<p>升级<a target="_blank" rel="noopener noreferrer">链接</a><b>粗体</b></p>');
      expect(res.body.data.platforms).toEqual(['lsf', 'xhn']);
    });

    it('refuses publishing to users without the ops permission (403) and bad bodies (400)', async () => {
      const { token } = await signedIn(s);
      const res = await s.call('POST', '/api/system/notice', { token, body: { noticeTitle: 'x', noticeContent: '<p>x</p>', platforms: ['lsf'] } });
      expect(res.body).toEqual({ code: 403, msg: '没有权限执行此操作', data: null });
      const bad = await s.call('POST', '/api/system/notice', { token: ops, body: { noticeTitle: '', noticeContent: '<script>only</script>', platforms: [] } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.data as object).sort()).toEqual(['noticeContent', 'noticeTitle', 'platforms']);
      const noPlatform = await s.call('POST', '/api/system/notice', { token: ops, body: { noticeTitle: 't', noticeContent: '<p>c</p>', platforms: ['Bad Code'] } });
      expect(Object.keys(noPlatform.body.data as object)).toEqual(['platforms']);
    });

    it('shows a user the unread notices of a platform, oldest first, until each is confirmed', async () => {
      const a = await publish('公告A');
      const b = await publish('公告B');
      await publish('仅互信公告', ['xhn']);
      const { token } = await signedIn(s);
      const unread = await s.call<NoticeView[]>('GET', '/api/system/notice/unread?platform=lsf', { token });
      const titles = unread.body.data.map((n) => n.noticeTitle);
      expect(titles.indexOf('公告A')).toBeLessThan(titles.indexOf('公告B'));
      expect(titles).not.toContain('仅互信公告');
      await s.call('GET', `/api/system/notice/readed?noticeId=${a.body.data.noticeId}`, { token });
      const after = await s.call<NoticeView[]>('GET', '/api/system/notice/unread?platform=lsf', { token });
      expect(after.body.data.map((n) => n.noticeId)).not.toContain(a.body.data.noticeId);
      expect(after.body.data.map((n) => n.noticeId)).toContain(b.body.data.noticeId);
      // Confirming twice is harmless.
      expect((await s.call('GET', `/api/system/notice/readed?noticeId=${a.body.data.noticeId}`, { token })).body.code).toBe(200);
      const other = await signedIn(s);
      const theirs = await s.call<NoticeView[]>('GET', '/api/system/notice/unread?platform=lsf', { token: other.token });
      expect(theirs.body.data.map((n) => n.noticeId)).toContain(a.body.data.noticeId);
    });

    it('pages the notice list with records and total', async () => {
      for (let i = 0; i < 12; i += 1) await publish(`分页公告${i}`, ['szdj']);
      const { token } = await signedIn(s);
      const p1 = await s.call<Page<NoticeView>>('POST', '/api/system/notice/list', { token, body: { pageNo: 1, pageSize: 10, platform: 'szdj' } });
      expect(p1.body.data.total).toBe(12);
      expect(p1.body.data.records).toHaveLength(10);
      expect(p1.body.data.records[0].noticeTitle).toBe('分页公告11');
      const p2 = await s.call<Page<NoticeView>>('POST', '/api/system/notice/list', { token, body: { pageNo: 2, pageSize: 10, platform: 'szdj' } });
      expect(p2.body.data.records.map((n) => n.noticeTitle)).toEqual(['分页公告1', '分页公告0']);
      const bad = await s.call('POST', '/api/system/notice/list', { token, body: { pageNo: 0, pageSize: 1000 } });
      expect(Object.keys(bad.body.data as object).sort()).toEqual(['pageNo', 'pageSize']);
    });

    it('edits, reads and deletes a notice; unknown ids are 404', async () => {
      const n = await publish('待修改');
      const id = n.body.data.noticeId;
      const edited = await s.call<NoticeView>('PUT', `/api/system/notice/${id}`, { token: ops, body: { noticeTitle: '已修改', noticeContent: '<p>新内容</p>', platforms: ['lsf'] } });
      expect(edited.body.data.noticeTitle).toBe('已修改');
      const { token } = await signedIn(s);
      const detail = await s.call<NoticeView>('GET', `/api/system/notice/${id}`, { token });
      expect(detail.body.data).toMatchObject({ noticeTitle: '已修改', noticeContent: '<p>新内容</p>', read: false });
      expect((await s.call('DELETE', `/api/system/notice/${id}`, { token })).status).toBe(403);
      expect((await s.call('DELETE', `/api/system/notice/${id}`, { token: ops })).body.code).toBe(200);
      expect((await s.call('GET', `/api/system/notice/${id}`, { token })).status).toBe(404);
      expect((await s.call('GET', '/api/system/notice/not-a-uuid', { token })).status).toBe(404);
    });
  });

  describe('messages', () => {
    it('welcomes a new user, counts unread, and marks read on detail', async () => {
      const { token } = await signedIn(s, { userType: 'enterprise', enterpriseName: '宁波某某实业有限公司' });
      expect((await s.call<number>('GET', '/api/system/message/notread', { token })).body).toMatchObject({ code: 200, data: 1 });
      const list = await s.call<Page<MessageView>>('POST', '/api/system/message/list', { token, body: { pageNo: 1, pageSize: 10 } });
      expect(list.body.data.total).toBe(1);
      const [welcome] = list.body.data.records;
      expect(welcome).toMatchObject({ kind: 'welcome', title: '欢迎使用链上付', read: false });
      expect(welcome.content).toContain('宁波某某实业有限公司');
      const en = await s.call<MessageView>('GET', `/api/system/message/detail?id=${welcome.id}`, { token, lang: 'en-US' });
      expect(en.body.data).toMatchObject({ title: 'Welcome to LSF', read: true });
      expect((await s.call<number>('GET', '/api/system/message/notread', { token })).body.data).toBe(0);
    });

    it('never shows another user message', async () => {
      const a = await signedIn(s);
      const b = await signedIn(s);
      const list = await s.call<Page<MessageView>>('POST', '/api/system/message/list', { token: a.token, body: {} });
      const id = list.body.data.records[0].id;
      const res = await s.call('GET', `/api/system/message/detail?id=${id}`, { token: b.token });
      expect(res.body).toEqual({ code: 404, msg: '请求的资源不存在', data: null });
      await s.call('POST', '/api/system/message/batchDelete', { token: b.token, body: { ids: [id] } });
      expect((await s.call<number>('GET', '/api/system/message/notread', { token: a.token })).body.data).toBe(1);
    });

    it('reads all, batch reads and batch deletes', async () => {
      const { token, phone } = await signedIn(s);
      s.clock.advance(1000);
      await s.call('POST', '/api/system/users/updatePassWord', { token, body: { oldPassword: 'Settle2026!', password: 'Another#2026' } });
      const t2 = (await loginPassword(s, phone, 'Another#2026')).body.data.access_token;
      const list = await s.call<Page<MessageView>>('POST', '/api/system/message/list', { token: t2, body: {} });
      expect(list.body.data.records.map((m) => m.kind)).toEqual(['passwordChanged', 'welcome']);
      await s.call('POST', '/api/system/message/batchRead', { token: t2, body: { ids: [list.body.data.records[0].id] } });
      expect((await s.call<number>('GET', '/api/system/message/notread', { token: t2 })).body.data).toBe(1);
      await s.call('GET', '/api/system/message/readall', { token: t2 });
      expect((await s.call<number>('GET', '/api/system/message/notread', { token: t2 })).body.data).toBe(0);
      await s.call('POST', '/api/system/message/batchDelete', { token: t2, body: { ids: list.body.data.records.map((m) => m.id) } });
      expect((await s.call<Page<MessageView>>('POST', '/api/system/message/list', { token: t2, body: {} })).body.data.total).toBe(0);
      expect((await s.call('POST', '/api/system/message/batchRead', { token: t2, body: { ids: ['x'] } })).status).toBe(400);
    });
  });

  describe('todos', () => {
    it('gives a new account one todo (authenticate), general work that every variant lists (business types 0 and 1)', async () => {
      const { token } = await signedIn(s);
      expect((await s.call<number>('POST', '/api/system/newTodo/todoCount', { token, body: { businessType: '0' } })).body.data).toBe(1);
      expect((await s.call<number>('POST', '/api/system/newTodo/todoCount', { token, body: { businessType: '1' } })).body.data).toBe(1);
      const list = await s.call<Page<TodoView>>('POST', '/api/system/newTodo/todoList', { token, body: { businessType: '0', pageNo: 1, pageSize: 10 } });
      expect(list.body.data.records).toEqual([expect.objectContaining({ kind: 'authenticate', title: '完成实名认证，开通交易功能', link: '/businessAuthentication' })]);
      expect((await s.call('POST', '/api/system/newTodo/todoCount', { token, body: { businessType: '7' } })).status).toBe(400);
      const time = await s.call<{ serverTime: string }>('GET', '/api/system/newTodo/checkTime', { token });
      expect(time.body.data.serverTime).toBe(s.clock.now().toISOString());
    });

    it('lists done todos and all todos on request (the /task page), open ones by default', async () => {
      const { token } = await signedIn(s);
      const list = async (status?: string) =>
        (await s.call<Page<TodoView>>('POST', '/api/system/newTodo/todoList', { token, body: { businessType: '0', ...(status ? { status } : {}) } })).body.data;
      const info = await s.call<{ accountId: string }>('GET', '/api/system/users/info', { token });
      expect((await list('done')).total).toBe(0);
      await closeTodo(s.ctx.db, info.body.data.accountId, 'authenticate', info.body.data.accountId, s.clock.now());
      expect((await list()).total).toBe(0);
      const done = await list('done');
      expect(done.records).toEqual([expect.objectContaining({ kind: 'authenticate', status: 'done', doneAt: s.clock.now().toISOString() })]);
      expect((await list('all')).total).toBe(1);
      expect((await s.call('POST', '/api/system/newTodo/todoList', { token, body: { status: 'closed' } })).status).toBe(400);
    });
  });

  describe('platform agreement', () => {
    it('is not agreed until confirmed, per platform', async () => {
      const { token } = await signedIn(s);
      const first = await s.call<AgreementView>('GET', '/api/system/LoginPlatform/lsfGetAgreement?platform=lsf', { token });
      expect(first.body.data).toMatchObject({ platform: 'lsf', agreed: false, title: '链上付平台服务协议' });
      expect(first.body.data.sections.length).toBeGreaterThan(3);
      const confirmed = await s.call<AgreementView>('GET', '/api/system/LoginPlatform/confirm?platform=lsf', { token });
      expect(confirmed.body.data.agreed).toBe(true);
      expect((await s.call<AgreementView>('GET', '/api/system/LoginPlatform/lsfGetAgreement?platform=lsf', { token })).body.data.agreed).toBe(true);
      const mutual = await s.call<AgreementView>('GET', '/api/system/LoginPlatform/mutualGetAgreement', { token, lang: 'en-US' });
      expect(mutual.body.data).toMatchObject({ platform: 'xhn', agreed: false, title: 'Mutual-Promise Service Agreement' });
      expect((await s.call('GET', '/api/system/LoginPlatform/confirm?platform=nope', { token })).status).toBe(400);
      // Names every object inherits are no platform either (the fuzz test once recorded them).
      for (const p of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
        expect((await s.call('GET', `/api/system/LoginPlatform/confirm?platform=${p}`, { token })).status).toBe(400);
        expect((await s.call('GET', `/api/system/LoginPlatform/lsfGetAgreement?platform=${p}`, { token })).status).toBe(400);
      }
    });
  });
});
