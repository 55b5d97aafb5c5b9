// Saved list views and list columns (issue 32 items 1 and 2), on both databases: a user saves a
// view of a list (filters, sort, columns, page size), makes it the default (one per list),
// shares it with the account (its operators see it, cannot change it; another account never
// sees it); a view names only what the resource declares (400 naming the field, nothing
// written); operations get their queues as built-in views; a user's columns are kept per list
// and reset to the resource file's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ColumnPreference, ListView } from '../../src/shared/resources/listViews';
import { listViews } from '../../src/server/db/schema';
import { addOperator } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { World, type Party } from '../support/world';

const OPS = { phone: '13800000321', password: 'Admin#Views2026' };

describe.skipIf(!dbAvailable)('saved list views and columns', { timeout: 240_000 }, () => {
  let s: TestServer;
  let world: World;
  let owner: Party;
  let finance: { phone: string; token: string };
  let stranger: Party;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    owner = await world.party({ name: '视图测试有限公司', approved: true });
    finance = await addOperator(s, owner.phone, 'finance');
    stranger = await world.party({ name: '另一家视图公司' });
  });
  afterAll(() => s?.close());

  const views = async (token: string, resource = 'bills') => {
    const res = await s.call<{ views: ListView[]; columns: ColumnPreference | null }>('GET', `/api/list-views?resource=${resource}`, { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const create = (token: string, body: Record<string, unknown>) => s.call<ListView>('POST', '/api/list-views', { token, body: { resource: 'bills', ...body } });

  it('saves a view, answers it to its owner, and keeps one default per list', async () => {
    const overdue = await create(owner.token, { name: '逾期', filters: { state: 'overdue' }, sort: '-amount', columns: ['payerName', 'amount', 'dueDay'], pageSize: 50, isDefault: true });
    expect(overdue.status).toBe(200);
    expect(overdue.body.data).toMatchObject({ name: '逾期', filters: { state: 'overdue' }, sort: '-amount', columns: ['payerName', 'amount', 'dueDay'], pageSize: 50, isDefault: true, mine: true, shared: false, builtIn: false });
    const big = await create(owner.token, { name: '大额', filters: { amount: '100000,' }, isDefault: true });
    expect(big.status).toBe(200);
    const mine = (await views(owner.token)).views.filter((v) => v.mine);
    // The newer default replaced the older one; names sort the list.
    expect(mine.map((v) => [v.name, v.isDefault])).toEqual([
      ['大额', true],
      ['逾期', false],
    ]);
    // A second view under a name the user has for this list is said on the name.
    const twice = await create(owner.token, { name: '大额', filters: {} });
    expect(twice.status).toBe(400);
    expect(twice.body.data).toEqual({ name: '已有同名视图' });
    // Changed: only what the body names.
    const changed = await s.call<ListView>('PUT', `/api/list-views/${overdue.body.data.id}`, { token: owner.token, body: { name: '逾期账单', isDefault: true } });
    expect(changed.body.data).toMatchObject({ name: '逾期账单', filters: { state: 'overdue' }, sort: '-amount', pageSize: 50, isDefault: true });
    expect((await views(owner.token)).views.filter((v) => v.isDefault).map((v) => v.name)).toEqual(['逾期账单']);
  });

  it('refuses a view naming what the resource does not declare, writing nothing', async () => {
    const before = await s.ctx.db.select().from(listViews);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ filters: { secret: 'x' } }, { 'filters.secret': '该列表没有这个筛选条件' }],
      [{ filters: { state: 'nowhere' } }, { 'filters.state': '筛选值无效' }],
      [{ sort: 'remark' }, { sort: '该列表不能按此排序' }],
      [{ columns: ['amount', 'password'] }, { columns: '该列表没有“password”这一列' }],
      [{ columns: ['amount', 'amount'] }, { columns: '同一列只能出现一次' }],
      [{ columns: [] }, { columns: '至少显示一列' }],
    ];
    for (const [body, errors] of cases) {
      const res = await create(owner.token, { name: '错误视图', filters: {}, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data).toEqual(errors);
    }
    expect((await create(owner.token, { name: '错误视图', pageSize: 30 })).status).toBe(400);
    expect((await create(owner.token, { name: '  ' })).body.data).toEqual({ name: '此项为必填项！' });
    const unknown = await create(owner.token, { resource: 'nothing', name: 'x' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.data as object)).toEqual(['resource']);
    // In English too.
    const en = await s.call('POST', '/api/list-views', { token: owner.token, headers: { 'accept-language': 'en-US' }, body: { resource: 'bills', name: 'x', filters: { secret: 'x' } } });
    expect(en.body.data).toEqual({ 'filters.secret': 'This list has no such filter' });
    expect(await s.ctx.db.select().from(listViews)).toHaveLength(before.length);
  });

  it('shares a view with the account: operators see it and cannot change it, another account never sees it', async () => {
    const team = await create(owner.token, { name: '团队待付', filters: { state: 'confirmed,overdue' }, shared: true });
    expect(team.status).toBe(200);
    const seen = (await views(finance.token)).views.find((v) => v.id === team.body.data.id);
    expect(seen).toMatchObject({ name: '团队待付', mine: false, shared: true, isDefault: false, ownerName: '视图测试有限公司' });
    // The owner's private views stay the owner's.
    expect((await views(finance.token)).views.filter((v) => !v.builtIn).map((v) => v.name)).toEqual(['团队待付']);
    const change = await s.call('PUT', `/api/list-views/${team.body.data.id}`, { token: finance.token, body: { name: '改名' } });
    expect(change.status).toBe(403);
    expect(change.body.msg).toBe('这是其他用户共享的视图，只有创建者可以修改');
    expect((await s.call('DELETE', `/api/list-views/${team.body.data.id}`, { token: finance.token })).status).toBe(403);
    // Another account: not found, whether it is shared or not.
    expect((await views(stranger.token)).views.filter((v) => !v.builtIn)).toEqual([]);
    expect((await s.call('PUT', `/api/list-views/${team.body.data.id}`, { token: stranger.token, body: { name: '改名' } })).status).toBe(404);
    expect((await s.call('DELETE', `/api/list-views/${team.body.data.id}`, { token: stranger.token })).status).toBe(404);
    // Unshared, the operator no longer sees it; deleted, nor does its owner.
    await s.call('PUT', `/api/list-views/${team.body.data.id}`, { token: owner.token, body: { shared: false } });
    expect((await views(finance.token)).views.some((v) => v.id === team.body.data.id)).toBe(false);
    expect((await s.call('DELETE', `/api/list-views/${team.body.data.id}`, { token: owner.token })).status).toBe(200);
    expect((await views(owner.token)).views.some((v) => v.id === team.body.data.id)).toBe(false);
  });

  it('answers only lists the caller may open', async () => {
    // A purchaser holds no funds permission: the deposits list is not theirs.
    const purchaser = await addOperator(s, owner.phone, 'purchaser');
    expect((await s.call('GET', '/api/list-views?resource=deposits', { token: purchaser.token })).status).toBe(403);
    expect((await s.call('POST', '/api/list-views', { token: purchaser.token, body: { resource: 'deposits', name: 'x' } })).status).toBe(403);
    expect((await s.call('GET', '/api/list-views?resource=bills')).status).toBe(401);
  });

  it('gives operations their queues as built-in views, and a payer its bills to pay', async () => {
    const ops = await world.ops();
    expect((await views(ops, 'deposits')).views.filter((v) => v.builtIn)).toEqual([
      { id: 'builtin:toConfirm', resource: 'deposits', name: '待确认充值', filters: { state: 'declared' }, sort: 'createdAt', shared: true, isDefault: false, mine: false, builtIn: true },
    ]);
    expect((await views(ops, 'withdrawals')).views.find((v) => v.builtIn)?.name).toBe('待处理提现');
    // An account cannot confirm deposits: no queue.
    expect((await views(owner.token, 'deposits')).views.filter((v) => v.builtIn)).toEqual([]);
    expect((await views(finance.token, 'bills')).views.filter((v) => v.builtIn).map((v) => v.filters)).toEqual([{ state: 'confirmed,partiallyPaid,overdue' }]);
    const en = await s.call<{ views: ListView[] }>('GET', '/api/list-views?resource=deposits', { token: ops, headers: { 'accept-language': 'en-US' } });
    expect(en.body.data.views[0].name).toBe('Deposits to confirm');
  });

  it('keeps a user’s columns of a list, for every session, until reset', async () => {
    expect((await views(finance.token)).columns).toBeNull();
    const set = await s.call('PUT', '/api/list-views/columns/bills', { token: finance.token, body: { columns: ['dueDay', 'payerName', 'openAmount', 'remark'], widths: { payerName: 240 } } });
    expect(set.status).toBe(200);
    // Another session of the same user sees them; the owner keeps the resource's.
    const again = await addOperatorSession(finance.phone);
    expect((await views(again)).columns).toEqual({ columns: ['dueDay', 'payerName', 'openAmount', 'remark'], widths: { payerName: 240 } });
    expect((await views(owner.token)).columns).toBeNull();
    const wrong = await s.call('PUT', '/api/list-views/columns/bills', { token: finance.token, body: { columns: ['dueDay'], widths: { dueDay: 20 } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual({ 'widths.dueDay': '列宽须在 60 到 800 像素之间' });
    expect((await s.call('PUT', '/api/list-views/columns/bills', { token: finance.token, body: { columns: ['nope'] } })).status).toBe(400);
    expect((await s.call('DELETE', '/api/list-views/columns/bills', { token: finance.token })).status).toBe(200);
    expect((await views(finance.token)).columns).toBeNull();
  });

  it('keeps a view of a user whose list changed out of the others’ lists', async () => {
    // A shared view stored before a filter was removed from the resource file: not offered to others.
    const [row] = await s.ctx.db.select().from(listViews).limit(1);
    const [old] = await s.ctx.db.insert(listViews).values({ ...row, id: undefined, name: '旧视图', filters: { removedFilter: 'x' }, shared: true, isDefault: false }).returning();
    expect((await views(finance.token)).views.some((v) => v.id === old.id)).toBe(false);
    expect((await views(owner.token)).views.some((v) => v.id === old.id)).toBe(true);
    await s.ctx.db.delete(listViews).where(eq(listViews.id, old.id));
  });

  /** A second session of a user (another browser). */
  const addOperatorSession = async (phone: string) => world.api.signIn(phone, 'Settle2026!');
});
