// Issue 28 item 1, the console's money confirmation (resources/MoneyConfirmField.tsx in the
// action dialog and the pay-several panel): only the methods the user set up are offered, SMS
// always; the one used last (or the strongest not locked) is chosen first; the chosen method's
// input is sent, with confirmMethod, and nothing of the others; a wrong payment password is said
// on its field and what was typed stays. The server is faked at fetch (GET /api/confirm/settings).
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WalletView } from '../../src/shared/api';
import type { ConfirmSettings } from '../../src/shared/confirm';
import { actionInputSchema } from '../../src/shared/resources/actionInput';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { resourceDefinition } from '../support/resource-definitions';
import { fail, fakeApi, ok, USER_INFO } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { baseRoutes, CONTRACTS, offer, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

// The definitions as GET /api/meta/resources serves them: a confirmed action's input carries the confirmation fields.
const served = (d: ResourceDefinition): ResourceDefinition => ({ ...d, actions: d.actions?.map((a) => ({ ...a, input: actionInputSchema(a) })) });
const BILLS = served(resourceDefinition('bills'));
const CONTRACTS_SERVED = served(CONTRACTS);
const PATH = '/contractUpdate/contractPayment';
const APPROVED = { ...USER_INFO, authStatus: 'approved' as const };
const NOTHING: ConfirmSettings = { paymentPassword: false, totp: false, lastMethod: null, passwordLockedMinutes: null, totpLockedMinutes: null, smsAbove: null };
const WALLET: WalletView = { available: '20000.00', held: '0.00', escrow: '0.00', objectionDeposits: '0.00' };
const bill = (extra: Partial<ResourceRecord> = {}): ResourceRecord =>
  offer({
    title: undefined,
    contractTitle: '确认方式测试合同',
    payerName: '杭州付款买方有限公司',
    payeeName: '苏州收款卖方有限公司',
    amount: '1000.00',
    paidAmount: '0.00',
    openAmount: '1000.00',
    dueDay: '2099-12-01',
    state: 'pendingConfirmation',
    parties: { payer: 'a-1', payee: 'a-2' },
    ...extra,
  });

const contract = (): ResourceRecord =>
  offer({
    id: '00000000-0000-4000-8000-0000000c0de9',
    title: '确认方式测试合同',
    state: 'signed',
    parties: { buyer: 'a-1', seller: 'a-2' },
    buyerName: '杭州链上付科技有限公司',
    sellerName: '苏州卖方有限公司',
    amount: '80000.00',
    collateralRatio: 20,
    collateralAmount: '16000.00',
  });

/** Opens a signed contract of the buyer with `settings`, its payCollateral answering `answer`, and clicks 支付保证金. */
async function openConfirm(settings: ConfirmSettings, answer: (body: Record<string, unknown>) => ReturnType<typeof ok>, more: Parameters<typeof fakeApi>[0] = {}, beforeOpen = () => {}) {
  const c = contract();
  const api = fakeApi({
    ...baseRoutes('owner', [CONTRACTS_SERVED]),
    'GET /api/confirm/settings': ok(settings),
    'GET /api/receipts': ok([]),
    'GET /api/funds/wallet': ok(WALLET),
    [`GET /api/rest/contracts/${c.id}`]: bare({ ...c, events: [] }),
    [`POST /api/r/contracts/${c.id}/actions/payCollateral`]: (call) => answer(call.body as Record<string, unknown>),
    ...more,
  });
  const { user } = renderResource(`/contract/contractbuy/show/${c.id}`, { resource: 'contracts', routePath: '/contract/contractbuy', scope: 'buyer', userInfo: APPROVED });
  const action = await screen.findByRole('button', { name: '支付保证金' });
  beforeOpen();
  await user.click(action);
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('money-confirm');
  const sent = () => api.callsTo('POST', `/api/r/contracts/${c.id}/actions/payCollateral`).map((call) => call.body);
  return { api, user, dialog, sent };
}

const methodsOffered = (dialog: HTMLElement) => {
  const group = within(dialog).queryByRole('radiogroup', { name: '确认方式' });
  return group ? within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent) : [];
};
const chosen = (dialog: HTMLElement) => within(dialog).getByRole('radiogroup', { name: '确认方式' }).querySelector('.ant-segmented-item-selected')?.textContent;
/** The confirmation's input labelled `label` (not the method's radio of the same name). */
const input = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label, { selector: 'input:not([type=radio])' });
const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /提\s*交/ });

describe('confirming a money step: the method choice', () => {
  it('offers only SMS to a user who set nothing up, says where to set up more, and sends the SMS code', async () => {
    const { user, dialog, sent } = await openConfirm(NOTHING, () => ok({ ...contract(), state: 'collateralPaid' }));
    expect(methodsOffered(dialog)).toEqual([]);
    expect(within(dialog).getByText(/可在“账户中心 › 账户安全”中设置交易密码或绑定身份验证器/)).toBeInTheDocument();
    expect(within(dialog).getByText('验证码将发送至您本人的手机 138****5678，仅用于确认本次资金操作')).toBeInTheDocument();
    await user.click(submit(dialog));
    expect(await within(dialog).findByText('请输入短信验证码以确认本次操作')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    await user.type(input(dialog, '短信验证码'), '123456');
    await user.click(submit(dialog));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({ confirmMethod: 'sms', smsCode: '123456' });
  });

  it('sends the code to the phone of the caller the server answered, and counts down the resend window', async () => {
    const { api, user, dialog } = await openConfirm(NOTHING, () => ok({ ...contract(), state: 'collateralPaid' }), {
      'GET /api/system/users/info': ok(APPROVED),
      'POST /api/smscode': ok({ retryAfter: 60 }),
    });
    // Nothing of the caller is kept in localStorage: the phone is the identity's (refine's getIdentity).
    expect(localStorage.getItem('userinfo')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/smscode').map((c) => c.body)).toEqual([{ phone: APPROVED.phone, scene: 'verify' }]));
    expect(await within(dialog).findByRole('button', { name: /秒/ })).toBeInTheDocument();
  });

  it('offers the payment password first once set (no authenticator), says a wrong one on its field and keeps it', async () => {
    let tries = 0;
    const { user, dialog, sent } = await openConfirm({ ...NOTHING, paymentPassword: true }, (body) =>
      body.paymentPassword === '802461' ? ok({ ...contract(), state: 'collateralPaid' }) : (tries++, fail(400, '参数错误', { paymentPassword: '交易密码错误，还可尝试 4 次' })),
    );
    expect(methodsOffered(dialog)).toEqual(['交易密码', '短信验证码']);
    expect(chosen(dialog)).toBe('交易密码');
    const password = input(dialog, '交易密码');
    expect(within(dialog).getByText('输入 6 位交易密码，确认本次资金操作')).toBeInTheDocument();
    await user.type(password, '111222');
    await user.click(submit(dialog));
    expect(await within(dialog).findByText('交易密码错误，还可尝试 4 次')).toBeInTheDocument();
    expect(tries).toBe(1);
    // What was typed stays, in the dialog still open.
    expect(password).toHaveValue('111222');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(sent()[0]).toEqual({ confirmMethod: 'password', paymentPassword: '111222' });

    await user.clear(password);
    await user.type(password, '802461');
    await user.click(submit(dialog));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual({ confirmMethod: 'password', paymentPassword: '802461' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('chooses the method used last, and sends only the input of the method picked', async () => {
    const { user, dialog, sent } = await openConfirm({ ...NOTHING, paymentPassword: true, totp: true, lastMethod: 'sms' }, () => ok({ ...contract(), state: 'collateralPaid' }));
    expect(methodsOffered(dialog)).toEqual(['身份验证器', '交易密码', '短信验证码']);
    expect(chosen(dialog)).toBe('短信验证码');
    await user.type(input(dialog, '短信验证码'), '654321');
    // Another method: a fresh input, and the SMS code typed before is not sent with it.
    await user.click(within(dialog).getByText('身份验证器'));
    const code = input(dialog, '动态码');
    expect(code).toHaveValue('');
    expect(within(dialog).getByText('输入身份验证器应用中当前显示的 6 位动态码，确认本次资金操作')).toBeInTheDocument();
    await user.type(code, '20a2468');
    expect(code).toHaveValue('202468');
    await user.click(submit(dialog));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({ confirmMethod: 'totp', totpCode: '202468' });
  });

  it('does not choose a locked payment password first, and says it is locked when picked', async () => {
    const { user, dialog } = await openConfirm({ ...NOTHING, paymentPassword: true, lastMethod: 'password', passwordLockedMinutes: 12 }, () => ok({ ...contract(), state: 'collateralPaid' }));
    expect(chosen(dialog)).toBe('短信验证码');
    await user.click(within(dialog).getByText('交易密码'));
    expect(await within(dialog).findByText('交易密码错误次数过多，已锁定，12 分钟后可再试；现在可改用其他方式')).toBeInTheDocument();
  });
});

describe('paying several bills: the same confirmation', () => {
  it('pays with the payment password, keeps amounts and password after a wrong one', async () => {
    const a = bill({ contractTitle: '甲合同', state: 'confirmed' });
    const b = bill({ contractTitle: '乙合同', state: 'confirmed', amount: '2000.00', openAmount: '2000.00' });
    const api = fakeApi({
      ...baseRoutes('owner', [BILLS]),
      'GET /api/confirm/settings': ok({ ...NOTHING, paymentPassword: true }),
      'GET /api/r/bills': ok({ records: [a, b], total: 2, totals: { amount: '3000.00', paidAmount: '0.00', openAmount: '3000.00' } }),
      'GET /api/funds/wallet': ok(WALLET),
      'POST /api/settlement/payments': (call) =>
        (call.body as { paymentPassword?: string }).paymentPassword === '802461'
          ? ok({ paymentId: 'p-1', amount: '2500.00', bills: [a, b], receipt: '/Solutions?id=p-1' })
          : fail(400, '参数错误', { paymentPassword: '交易密码错误，还可尝试 4 次' }),
    });
    const { user } = renderResource(PATH, { resource: 'bills', routePath: PATH, scope: 'payer', states: ['confirmed', 'partiallyPaid', 'overdue'] });
    const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
    await user.click(within(await rowOf('甲合同')).getByRole('checkbox'));
    await user.click(within(await rowOf('乙合同')).getByRole('checkbox'));
    const panel = await screen.findByTestId('pay-bills');
    const amountB = within(panel).getByTestId(`pay-bills-amount-${b.id}`);
    await user.clear(amountB);
    await user.type(amountB, '1500');
    await within(panel).findByTestId('money-confirm');
    expect(methodsOffered(panel)).toEqual(['交易密码', '短信验证码']);
    // Nothing typed: said on the field, nothing sent.
    await user.click(within(panel).getByTestId('pay-bills-submit'));
    expect(await within(panel).findByText('请输入交易密码以确认本次操作')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/settlement/payments')).toHaveLength(0);

    const password = input(panel, '交易密码');
    await user.type(password, '135790');
    await user.click(within(panel).getByTestId('pay-bills-submit'));
    expect(await within(panel).findByText('交易密码错误，还可尝试 4 次')).toBeInTheDocument();
    expect(password).toHaveValue('135790');
    expect(amountB).toHaveValue('1500');
    expect(api.callsTo('POST', '/api/settlement/payments')[0].body).toEqual({
      items: [
        { billId: a.id, amount: '1000.00' },
        { billId: b.id, amount: '1500' },
      ],
      confirmMethod: 'password',
      paymentPassword: '135790',
    });

    await user.clear(password);
    await user.type(password, '802461');
    await user.click(within(panel).getByTestId('pay-bills-submit'));
    expect(await screen.findByTestId('pay-bills-done')).toHaveTextContent('付款成功');
    expect(api.callsTo('POST', '/api/settlement/payments')[1].body).toMatchObject({ confirmMethod: 'password', paymentPassword: '802461' });
  });
});
