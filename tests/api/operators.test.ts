// Operators (sub-accounts, SPEC §7 Users): add, bind by SMS code, sign in, edit the type
// (applies on the next request), disable (ends live sessions), unbind, re-bind, delete (frees
// the phone), the audit log, and the operator-type matrix of 200/403 answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/shared/api';
import { menuPaths } from '../../src/shared/menu';
import type { OperatorEventView, SubAccountOverview } from '../../src/shared/operators';
import { consoleMenu, roleActor } from '../support/console-menu';
import { PASSWORD, latestCode, loginPassword, newPhone, register, signedIn } from '../support/flows';
import { MATRIX_TYPES, OPERATOR_MATRIX, type MatrixType } from '../support/operator-matrix';
import { signedContract } from '../support/funds';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { contractOrder, tradingParty } from '../support/trading';

describe.skipIf(!dbAvailable)('operators API', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  /** The owner adds an operator; it binds with the code from the outbox and signs in. */
  async function boundOperator(ownerToken: string, operatorType: string, phone = newPhone()) {
    s.clock.advance(61_000);
    const add = await s.call<{ id: string }>('POST', '/api/system/users/subAccount', { token: ownerToken, body: { name: `op ${operatorType}`, phone, operatorType } });
    expect(add.body).toMatchObject({ code: 200, data: { operatorType, bound: false, status: 'active', phone } });
    const code = await latestCode(s, phone);
    s.clock.advance(1_000);
    const bind = await s.call('POST', '/api/system/users/bindSubAccount', { body: { phone, code, password: PASSWORD } });
    expect(bind.body).toMatchObject({ code: 200 });
    const login = await loginPassword(s, phone);
    expect(login.status).toBe(200);
    return { id: add.body.data.id, phone, token: login.body.data.access_token };
  }

  it('an added operator cannot sign in before it binds; the bind code sets its password', async () => {
    const owner = await signedIn(s, { userType: 'enterprise' });
    const phone = newPhone();
    const add = await s.call('POST', '/api/system/users/subAccount', { token: owner.token, body: { name: '张三', phone, operatorType: 'purchaser' } });
    expect(add.status).toBe(200);
    const early = await loginPassword(s, phone);
    expect(early.status).toBe(403);
    expect(early.body.msg).toBe('该操作员尚未绑定，请先用短信验证码完成绑定');
    const wrong = await s.call('POST', '/api/system/users/bindSubAccount', { body: { phone, code: '000000', password: PASSWORD } });
    expect(wrong.status).toBe(400);
    const code = await latestCode(s, phone);
    const weak = await s.call<Record<string, string>>('POST', '/api/system/users/bindSubAccount', { body: { phone, code, password: '123' } });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.data)).toEqual(['password']);
    const bind = await s.call('POST', '/api/system/users/bindSubAccount', { body: { phone, code, password: PASSWORD } });
    expect(bind.body).toEqual({ code: 200, msg: expect.any(String), data: null });
    const again = await s.call<Record<string, string>>('POST', '/api/system/users/bindSubAccount', { body: { phone, code, password: PASSWORD } });
    expect(again.status).toBe(400);
    expect(again.body.data.phone).toBe('该手机号没有待绑定的操作员');
    const login = await loginPassword(s, phone);
    expect(login.status).toBe(200);
    const profile = await s.call<Profile>('GET', '/api/user/info', { token: login.body.data.access_token });
    expect(profile.body.data.role.id).toBe('purchaser');
  });

  it('bad input is a 400 naming the field and writes nothing', async () => {
    const owner = await signedIn(s);
    const owned = await s.call<Record<string, string>>('POST', '/api/system/users/subAccount', { token: owner.token, body: { name: 'x', phone: newPhone(), operatorType: 'owner' } });
    expect(owned.status).toBe(400);
    expect(Object.keys(owned.body.data)).toEqual(['operatorType']);
    const bad = await s.call<Record<string, string>>('POST', '/api/system/users/subAccount', { token: owner.token, body: { name: ' ', phone: '123', operatorType: 'viewer' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data).sort()).toEqual(['name', 'phone']);
    const taken = await s.call<Record<string, string>>('POST', '/api/system/users/subAccount', { token: owner.token, body: { name: 'x', phone: owner.phone, operatorType: 'viewer' } });
    expect(taken.status).toBe(400);
    expect(taken.body.data.phone).toBe('该手机号已注册');
    const list = await s.call<SubAccountOverview>('GET', '/api/system/users/querySubAccount', { token: owner.token });
    expect(list.body.data.total).toBe(0);
  });

  it('a type change applies on the next request without signing out; an operator cannot raise its own grants', async () => {
    const owner = await signedIn(s, { userType: 'enterprise' });
    const op = await boundOperator(owner.token, 'viewer');
    expect((await s.call('GET', '/api/r/invoiceRequests', { token: op.token })).status).toBe(200);
    expect((await s.call('GET', '/api/system/users/querySubAccount', { token: op.token })).status).toBe(403);
    const self = await s.call('POST', '/api/system/users/subAccount', { token: op.token, body: { id: op.id, name: 'me', operatorType: 'admin' } });
    expect(self.status).toBe(403);
    const edit = await s.call('POST', '/api/system/users/subAccount', { token: owner.token, body: { id: op.id, name: 'op', operatorType: 'purchaser' } });
    expect(edit.body).toMatchObject({ code: 200, data: { operatorType: 'purchaser' } });
    const profile = await s.call<Profile>('GET', '/api/user/info', { token: op.token });
    expect(profile.body.data.role.id).toBe('purchaser');
    expect((await s.call('GET', '/api/r/invoiceRequests', { token: op.token })).status).toBe(403);
  });

  it('disabling ends the live session at once; enabling lets it sign in again', async () => {
    const owner = await signedIn(s, { userType: 'enterprise' });
    const op = await boundOperator(owner.token, 'purchaser');
    expect((await s.call('GET', '/api/user/info', { token: op.token })).status).toBe(200);
    expect((await s.call('POST', '/api/system/users/disableSubAccount', { token: owner.token, body: { id: op.id } })).status).toBe(200);
    expect((await s.call('GET', '/api/user/info', { token: op.token })).status).toBe(401);
    expect((await loginPassword(s, op.phone)).status).toBe(403);
    expect((await s.call('POST', '/api/system/users/enableSubAccount', { token: owner.token, body: { id: op.id } })).status).toBe(200);
    expect((await loginPassword(s, op.phone)).status).toBe(200);
  });

  it('unbinding signs the operator out and keeps it out until it re-binds with a new code', async () => {
    const owner = await signedIn(s, { userType: 'enterprise' });
    const op = await boundOperator(owner.token, 'seller');
    expect((await s.call('POST', '/api/system/users/unbindSubAccount', { token: owner.token, body: { id: op.id } })).status).toBe(200);
    expect((await s.call('GET', '/api/user/info', { token: op.token })).status).toBe(401);
    expect((await loginPassword(s, op.phone)).status).toBe(403);
    s.clock.advance(61_000);
    expect((await s.call('POST', '/api/system/users/sendBindCode', { token: owner.token, body: { id: op.id } })).status).toBe(200);
    const code = await latestCode(s, op.phone);
    expect((await s.call('POST', '/api/system/users/bindSubAccount', { body: { phone: op.phone, code, password: 'Rebound2026!' } })).status).toBe(200);
    expect((await loginPassword(s, op.phone, 'Rebound2026!')).status).toBe(200);
    const bound = await s.call('POST', '/api/system/users/sendBindCode', { token: owner.token, body: { id: op.id } });
    expect(bound.status).toBe(409);
  });

  it("deleting frees the operator's phone so it can register again", async () => {
    const owner = await signedIn(s, { userType: 'enterprise' });
    const op = await boundOperator(owner.token, 'finance');
    expect((await s.call('POST', '/api/system/users/deleteSubAccount', { token: owner.token, body: { id: op.id } })).status).toBe(200);
    expect((await s.call('GET', '/api/user/info', { token: op.token })).status).toBe(401);
    const list = await s.call<SubAccountOverview>('GET', '/api/system/users/querySubAccount', { token: owner.token });
    expect(list.body.data.records.map((r) => r.id)).not.toContain(op.id);
    expect((await s.call('POST', '/api/system/users/enableSubAccount', { token: owner.token, body: { id: op.id } })).status).toBe(404);
    await register(s, { phone: op.phone });
    expect((await loginPassword(s, op.phone)).status).toBe(200);
  });

  it("an owner cannot touch another account's operators", async () => {
    const a = await signedIn(s, { userType: 'enterprise' });
    const b = await signedIn(s, { userType: 'enterprise' });
    const op = await boundOperator(a.token, 'viewer');
    for (const path of ['enableSubAccount', 'disableSubAccount', 'unbindSubAccount', 'deleteSubAccount', 'sendBindCode']) {
      const res = await s.call('POST', `/api/system/users/${path}`, { token: b.token, body: { id: op.id } });
      expect(res.status, path).toBe(404);
    }
    expect((await s.call('GET', '/api/user/info', { token: op.token })).status).toBe(200);
  });

  it('records who did what to which operator, and when', async () => {
    const owner = await signedIn(s, { userType: 'enterprise', enterpriseName: '宁波审计贸易有限公司' });
    const op = await boundOperator(owner.token, 'viewer');
    s.clock.advance(1_000);
    await s.call('POST', '/api/system/users/disableSubAccount', { token: owner.token, body: { id: op.id } });
    const log = await s.call<{ records: OperatorEventView[]; total: number }>('GET', '/api/system/users/subAccountLog', { token: owner.token });
    expect(log.body.data.total).toBe(3);
    expect(log.body.data.records.map((e) => [e.action, e.actorName, e.targetName])).toEqual([
      ['disable', '宁波审计贸易有限公司', 'op viewer'],
      ['bind', 'op viewer', 'op viewer'],
      ['add', '宁波审计贸易有限公司', 'op viewer'],
    ]);
  });

  it('getTodoUserList answers the todos each operator can act on', async () => {
    const owner = await signedIn(s, { userType: 'enterprise' });
    const finance = await boundOperator(owner.token, 'finance');
    const buyer = await boundOperator(owner.token, 'purchaser');
    const todosOf = async (token: string) => {
      const res = await s.call<{ records: { kind: string; link: string | null }[]; total: number }>('POST', '/api/system/order/getTodoUserList', { token, body: {} });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    // The account's open todo is to authenticate (/businessAuthentication, the account permission).
    const all = await s.call<{ total: number }>('POST', '/api/system/order/getTodoList', { token: owner.token, body: {} });
    expect(all.body.data.total).toBe(1);
    expect((await todosOf(owner.token)).records.map((t) => t.link)).toEqual(['/businessAuthentication']);
    expect((await todosOf(finance.token)).records.map((t) => t.kind)).toEqual(['authenticate']);
    expect(await todosOf(buyer.token)).toEqual({ records: [], total: 0 });
  });

  it('lists and counts only the todos an operator type can act on: a viewer none, a purchaser no bill, finance no contract (issue 28)', async () => {
    const buyer = await tradingParty(s, `杭州待办买方有限公司${newPhone().slice(-4)}`);
    const seller = await tradingParty(s, `苏州待办卖方有限公司${newPhone().slice(-4)}`);
    // Signed: the buyer's collateral to pay. A bill of the seller's: the buyer's to confirm. A contract sent to the buyer: to sign.
    const contract = await signedContract(s, buyer, seller, '待办分工合同');
    expect((await s.call('POST', '/api/r/bills', { token: seller.token, body: { contractId: contract.id, amount: '1000.00', dueDay: '2099-12-01' } })).status).toBe(200);
    expect((await s.call('POST', '/api/r/contracts', { token: seller.token, body: contractOrder(buyer.accountId, '待签分工合同', { side: 'seller' }) })).status).toBe(200);
    const kindsOf = async (token: string) => {
      const lists = await Promise.all(
        ['/api/system/order/getTodoUserList', '/api/system/newTodo/todoList', '/api/system/order/getTodoList'].map(
          async (path) => (await s.call<{ records: { kind: string }[]; total: number }>('POST', path, { token, body: {} })).body.data,
        ),
      );
      const count = (await s.call<number>('POST', '/api/system/newTodo/todoCount', { token, body: {} })).body.data;
      const kinds = lists[0].records.map((t) => t.kind).sort();
      // Every list and the badge's count agree.
      for (const list of lists) expect({ kinds: list.records.map((t) => t.kind).sort(), total: list.total }).toEqual({ kinds, total: kinds.length });
      expect(count).toBe(kinds.length);
      return kinds.filter((kind) => kind !== 'authenticate');
    };
    expect(await kindsOf(buyer.token)).toEqual(['billToConfirm', 'collateralToPay', 'contractToSign']);
    const purchaser = await boundOperator(buyer.token, 'purchaser');
    const finance = await boundOperator(buyer.token, 'finance');
    const viewer = await boundOperator(buyer.token, 'viewer');
    expect(await kindsOf(purchaser.token)).toEqual(['collateralToPay', 'contractToSign']);
    expect(await kindsOf(finance.token)).toEqual(['billToConfirm']);
    expect(await kindsOf(viewer.token)).toEqual([]);
    expect((await s.call<number>('POST', '/api/system/newTodo/todoCount', { token: viewer.token, body: {} })).body.data).toBe(0);
  });

  describe('operator-type matrix', () => {
    const answers = new Map<string, number>();
    /** What the account page reads to show its manage buttons (add, edit, enable, ...). */
    const canManage = new Map<MatrixType, boolean>();
    beforeAll(async () => {
      const owner = await signedIn(s, { userType: 'enterprise' });
      const tokens: Record<MatrixType, string> = { owner: owner.token } as Record<MatrixType, string>;
      for (const type of MATRIX_TYPES) if (type !== 'owner') tokens[type] = (await boundOperator(owner.token, type)).token;
      for (const type of MATRIX_TYPES) {
        for (const row of OPERATOR_MATRIX) {
          s.clock.advance(61_000);
          const res = await s.call(row.method, row.path, { token: tokens[type], body: row.body?.() });
          answers.set(`${type} ${row.name}`, res.status);
        }
        const overview = await s.call<SubAccountOverview>('GET', '/api/system/users/querySubAccount', { token: tokens[type] });
        if (overview.status === 200) canManage.set(type, overview.body.data.canManage);
      }
    });

    it.each(MATRIX_TYPES)('%s: the server answers 200 exactly where the table allows, else 403', (type) => {
      for (const row of OPERATOR_MATRIX) expect(answers.get(`${type} ${row.name}`), row.name).toBe(row.allowed.includes(type) ? 200 : 403);
    });

    it.each(MATRIX_TYPES)("%s: the console's menu shows a row's page exactly when the server answers 200", (type) => {
      const paths = menuPaths(consoleMenu('main', roleActor(type)));
      for (const row of OPERATOR_MATRIX) {
        if (!('menu' in row.ui)) continue;
        const granted = OPERATOR_MATRIX.filter((r) => 'menu' in r.ui && r.ui.menu === (row.ui as { menu: string }).menu).some((r) => answers.get(`${type} ${r.name}`) === 200);
        expect(paths.includes(row.ui.menu), `${row.name} ${row.ui.menu}`).toBe(granted);
      }
    });

    it.each(MATRIX_TYPES)('%s: the account page shows the manage buttons exactly when the server accepts them', (type) => {
      for (const row of OPERATOR_MATRIX) {
        if (!('button' in row.ui) || !canManage.has(type)) continue;
        expect(canManage.get(type), row.name).toBe(answers.get(`${type} ${row.name}`) === 200);
      }
    });
  });
});
