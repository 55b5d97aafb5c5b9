// Idempotency-Key from the console (issue 8, src/web/providers/idempotency.ts): every create and
// action the generated pages send carries one key per user intent, the same key when that intent
// is tried again (a double click, a retry after a network error or a field error), a new key for
// a new intent (after a success, after the dialog was closed). Money actions need it: the server
// refuses them without a key. Also: platform operations open the money resources on their routes.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import deposits from '../../schemas/resources/deposits.json';
import withdrawals from '../../schemas/resources/withdrawals.json';
import type { UserInfo } from '../../src/shared/api';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { fail, fakeApi, ok, USER_INFO, type Call, type Route } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { profileOf, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

const DEPOSITS = deposits as unknown as ResourceDefinition;
const WITHDRAWALS = withdrawals as unknown as ResourceDefinition;
const OPS_INFO: UserInfo = { ...USER_INFO, id: 'u-ops', accountId: 'a-ops', type: 'ops', authStatus: 'approved', accountName: '平台运营' };
const OWNER_INFO: UserInfo = { ...USER_INFO, authStatus: 'approved' };

const keyOf = (call: Call) => call.headers.get('Idempotency-Key');
/** A request that never reached the server: fetch rejects, the console says the network failed. */
const networkDown = (): never => {
  throw new TypeError('Failed to fetch');
};

let seq = 0;
function record(extra: Partial<ResourceRecord>): ResourceRecord {
  seq += 1;
  return {
    id: `00000000-0000-4000-9000-${String(seq).padStart(12, '0')}`,
    accountId: 'a-1',
    state: 'declared',
    version: 1,
    createdAt: '2026-11-20T02:30:00.000Z',
    createdBy: 'u-1',
    updatedAt: '2026-11-20T02:30:00.000Z',
    updatedBy: 'u-1',
    events: [],
    ...extra,
  } as ResourceRecord;
}

const deposit = (extra: Partial<ResourceRecord> = {}) =>
  record({ amount: '5000.00', payerName: '杭州付款有限公司', payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: 'REF20261119', accountName: '杭州链上付科技有限公司', ...extra });

/** Answers each call with the next reply; the last one repeats. */
function replies(...answers: Route[]): Route {
  let i = 0;
  return (call) => {
    const answer = answers[Math.min(i, answers.length - 1)];
    i += 1;
    return typeof answer === 'function' ? answer(call) : answer;
  };
}

const opsRoutes = (definitions: ResourceDefinition[]) => ({ 'GET /api/user/info': ok(profileOf('ops')), 'GET /api/meta/resources': ok(definitions) });

describe('Idempotency-Key per user intent', () => {
  it('ops confirm a deposit: the retry after a network error sends the same key, a reopened dialog a new one', async () => {
    const declared = deposit();
    const path = `/api/r/deposits/${declared.id}/actions/confirm`;
    const api = fakeApi({
      ...opsRoutes([DEPOSITS]),
      [`GET /api/rest/deposits/${declared.id}`]: bare(declared),
      [`POST ${path}`]: replies(networkDown, networkDown, ok({ ...declared, state: 'confirmed', version: 2 })),
    });
    const { user } = renderResource(`/ops/deposits/show/${declared.id}`, { resource: 'deposits', routePath: '/ops/deposits', scope: 'ops', userInfo: OPS_INFO });
    await user.click(await screen.findByRole('button', { name: '确认到账' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', path)).toHaveLength(1));
    // The request failed on the way: the dialog stays for a retry of the same intent.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /确\s*定/ })).not.toHaveClass('ant-btn-loading'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.callsTo('POST', path)).toHaveLength(2));
    const [first, retry] = api.callsTo('POST', path).map(keyOf);
    expect(first).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(retry).toBe(first);

    // Closed and opened again: a new intent, a new key.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /确\s*定/ })).not.toHaveClass('ant-btn-loading'));
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: '确认到账' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已确认，金额已入账')).toBeInTheDocument();
    const third = keyOf(api.callsTo('POST', path)[2]);
    expect(third).toBeTruthy();
    expect(third).not.toBe(first);
  });

  it('a double click on the confirmation sends one request', async () => {
    const declared = deposit();
    const path = `/api/r/deposits/${declared.id}/actions/confirm`;
    let release: () => void = () => {};
    const api = fakeApi({
      ...opsRoutes([DEPOSITS]),
      [`GET /api/rest/deposits/${declared.id}`]: bare(declared),
      [`POST ${path}`]: () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ ...declared, state: 'confirmed', version: 2 }));
        }),
    });
    const { user } = renderResource(`/ops/deposits/show/${declared.id}`, { resource: 'deposits', routePath: '/ops/deposits', scope: 'ops', userInfo: OPS_INFO });
    await user.click(await screen.findByRole('button', { name: '确认到账' }));
    const ok_ = within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ });
    await user.dblClick(ok_);
    await waitFor(() => expect(api.callsTo('POST', path)).toHaveLength(1));
    release();
    expect(await screen.findByText('已确认，金额已入账')).toBeInTheDocument();
    expect(api.callsTo('POST', path)).toHaveLength(1);
    expect(keyOf(api.callsTo('POST', path)[0])).toBeTruthy();
  });

  it('an action with input keeps its key across a field error and sends a new one for the next intent', async () => {
    const processing = record({ state: 'processing', amount: '300.00', bankAccountName: '杭州链上付科技有限公司', bankAccount: '6222020200112233445', bankName: '中国工商银行 杭州西湖支行' });
    const path = `/api/r/withdrawals/${processing.id}/actions/fail`;
    const api = fakeApi({
      ...opsRoutes([WITHDRAWALS]),
      [`GET /api/rest/withdrawals/${processing.id}`]: bare(processing),
      [`POST ${path}`]: replies(fail(400, '提交的信息有误，请检查标出的字段', { reason: '原因不能只写标点' }), ok({ ...processing, state: 'failed', version: 2 })),
    });
    const { user } = renderResource(`/ops/withdrawals/show/${processing.id}`, { resource: 'withdrawals', routePath: '/ops/withdrawals', scope: 'ops', userInfo: OPS_INFO });
    await user.click(await screen.findByRole('button', { name: '提现失败' }));
    const dialog = await screen.findByRole('dialog');
    const reason = await within(dialog).findByLabelText(/原因/);
    await user.type(reason, '。。');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('原因不能只写标点')).toBeInTheDocument();
    await user.clear(reason);
    await user.type(reason, '收款账户已销户');
    await user.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('已退回，金额已解冻')).toBeInTheDocument();
    const keys = api.callsTo('POST', path).map(keyOf);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('a create sends a key, the same one when resubmitted after a network error', async () => {
    const created = record({ state: 'draft', amount: '300.00' });
    const api = fakeApi({
      'GET /api/user/info': ok(profileOf('owner')),
      'GET /api/meta/resources': ok([WITHDRAWALS]),
      'POST /api/rest/withdrawals': replies(networkDown, bare(created)),
      [`GET /api/rest/withdrawals/${created.id}`]: bare(created),
    });
    const { user } = renderResource('/report/withdrawalList/create', { resource: 'withdrawals', routePath: '/report/withdrawalList', userInfo: OWNER_INFO });
    await user.type(await screen.findByLabelText(/提现金额/), '300');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/rest/withdrawals')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: /提\s*交/ })).not.toHaveClass('ant-btn-loading'));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(window.location.pathname).toBe(`/report/withdrawalList/show/${created.id}`));
    const [first, retry] = api.callsTo('POST', '/api/rest/withdrawals');
    expect(keyOf(first)).toBeTruthy();
    expect(keyOf(retry)).toBe(keyOf(first));
    expect(retry.body).toEqual(first.body);
  });
});

describe('platform operations on the money resources', () => {
  it('ops list every account\'s deposits on /ops/deposits, open one, and declare none', async () => {
    const theirs = deposit({ accountId: 'a-other', accountName: '苏州他人有限公司' });
    const api = fakeApi({
      ...opsRoutes([DEPOSITS]),
      'GET /api/r/deposits': ok({ records: [theirs], total: 1 }),
      [`GET /api/rest/deposits/${theirs.id}`]: bare(theirs),
    });
    const { user } = renderResource('/ops/deposits', { resource: 'deposits', routePath: '/ops/deposits', scope: 'ops', userInfo: OPS_INFO });
    const row = (await screen.findByText('苏州他人有限公司')).closest('tr') as HTMLElement;
    expect(api.callsTo('GET', '/api/r/deposits')[0].query.get('scope')).toBe('ops');
    // Ops list and open records; they never declare a deposit themselves.
    await user.click(await within(row).findByRole('button', { name: /查\s*看/ }));
    await waitFor(() => expect(window.location.pathname).toBe(`/ops/deposits/show/${theirs.id}`));
    expect(await screen.findByRole('button', { name: '确认到账' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /驳\s*回/ })).toBeInTheDocument();
    // The declarer's own step is not theirs.
    expect(screen.queryByRole('button', { name: '撤回申报' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
  });
});
