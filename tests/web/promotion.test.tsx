// The promotion form on /landing (issue 9): the number is checked before a code is sent
// (GET /system/promotion/checkPhone), then saved with its SMS code (POST savePhone, query
// phoneNo and code). The server is faked at fetch.
import { screen, within } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PromotionPhoneView } from '../../src/shared/promotion';
import { fail, fakeApi, ok, type Call } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const SLOW = { timeout: 20_000 };
const view = (phoneNo: string, saved: boolean): PromotionPhoneView => ({ phoneNo, saved, savedAt: saved ? '2026-11-20T02:00:00.000Z' : null });

async function openLanding() {
  const app = renderApp('/landing', { pointerEventsCheck: PointerEventsCheckLevel.Never });
  const title = await screen.findByText('登记推广意向', {}, SLOW);
  return { ...app, card: title.closest<HTMLElement>('.ant-card')! };
}

describe('promotion form on /landing', { timeout: 40_000 }, () => {
  it('checks the number, sends a code of the promotion scene and saves the number with it', async () => {
    const api = fakeApi({
      'GET /api/system/promotion/checkPhone': (call: Call) => ok(view(call.query.get('phoneNo')!, false)),
      'POST /api/smscode': ok({ retryAfter: 60 }),
      'POST /api/system/promotion/savePhone': (call: Call) =>
        call.query.get('code') === '123456' ? ok(view(call.query.get('phoneNo')!, true)) : fail(400, '参数错误', { code: '验证码错误' }),
    });
    const { user, card } = await openLanding();
    expect(within(card).getByText('留下手机号并通过短信验证码确认，平台即记录您的登记。每个号码只需登记一次。')).toBeInTheDocument();
    await user.click(within(card).getByLabelText('手机号'));
    await user.paste('13812345678');
    await user.click(within(card).getByRole('button', { name: '获取验证码' }));
    await expect.poll(() => api.callsTo('POST', '/api/smscode').map((c) => c.body)).toEqual([{ phone: '13812345678', scene: 'promotion' }]);
    expect(api.callsTo('GET', '/api/system/promotion/checkPhone')[0].query.get('phoneNo')).toBe('13812345678');

    await user.click(within(card).getByLabelText('短信验证码'));
    await user.paste('654321');
    await user.click(within(card).getByRole('button', { name: '提交登记' }));
    expect(await within(card).findByText('验证码错误')).toBeInTheDocument();
    await user.clear(within(card).getByLabelText('短信验证码'));
    await user.paste('123456');
    await user.click(within(card).getByRole('button', { name: '提交登记' }));
    expect(await within(card).findByText('登记成功')).toBeInTheDocument();
    expect(within(card).getByText('手机号 13812345678 已登记。')).toBeInTheDocument();
    const saves = api.callsTo('POST', '/api/system/promotion/savePhone');
    expect(saves.map((c) => [c.query.get('phoneNo'), c.query.get('code')])).toEqual([
      ['13812345678', '654321'],
      ['13812345678', '123456'],
    ]);
  });

  it('says a number already registered needs no code, and sends none', async () => {
    const api = fakeApi({ 'GET /api/system/promotion/checkPhone': (call: Call) => ok(view(call.query.get('phoneNo')!, true)) });
    const { user, card } = await openLanding();
    await user.click(within(card).getByLabelText('手机号'));
    await user.paste('13812345678');
    await user.click(within(card).getByRole('button', { name: '获取验证码' }));
    expect(await within(card).findByText('该手机号已登记，无需重复提交')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/smscode')).toHaveLength(0);
  });
});
