// /accountSafe (issue 9): change the phone with codes to both phones, change the password,
// delete the account with its consequences spelled out. The server is faked at fetch.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, USER_INFO } from './support/fakeApi';
import { location } from './support/renderApp';
import { findActivePane, openShell } from './support/shell';

const SLOW = { timeout: 20_000 };
const infoRoute = { 'GET /api/system/users/info': ok(USER_INFO) };

const card = async (title: string) => {
  const pane = await findActivePane();
  const heading = await within(pane).findByText(title, { selector: '.ant-card-head-title' }, SLOW);
  const found = heading.closest<HTMLElement>('.ant-card')!;
  // The page opens once the access check has answered; its cards then wait for the user info.
  await waitFor(() => expect(found).not.toHaveClass('ant-card-loading'), SLOW);
  return found;
};

describe('/accountSafe', { timeout: 40_000 }, () => {
  it('is reached from the user name in the header', async () => {
    const { user } = openShell('/home', infoRoute);
    const link = await screen.findByTestId('current-user', {}, SLOW);
    await user.click(link);
    await waitFor(() => expect(location()).toBe('/accountSafe'));
    expect(await card('更换手机号')).toBeInTheDocument();
  });

  it('moves the phone only with a code to the current phone and one to the new phone', async () => {
    const { api, user } = openShell('/accountSafe', {
      ...infoRoute,
      'POST /api/system/users/updateMobile': (call) =>
        (call.body as { oldCode: string }).oldCode === '111111' ? ok({ maskedPhone: '139****0000' }) : fail(400, '验证码错误', { oldCode: '验证码错误' }),
    });
    const phone = await card('更换手机号');
    expect(within(phone).getByText('当前手机号：138****5678')).toBeInTheDocument();
    await user.type(within(phone).getByLabelText('当前手机号验证码'), '222222');
    await user.type(within(phone).getByLabelText('新手机号'), '13900000000');
    await user.type(within(phone).getByLabelText('短信验证码'), '333333');
    await user.click(within(phone).getByRole('button', { name: '更换手机号' }));
    expect(await within(phone).findByText('验证码错误')).toBeInTheDocument();
    await user.clear(within(phone).getByLabelText('当前手机号验证码'));
    await user.type(within(phone).getByLabelText('当前手机号验证码'), '111111');
    await user.click(within(phone).getByRole('button', { name: '更换手机号' }));
    expect(await screen.findByText('手机号已更换为 139****0000')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/system/users/updateMobile').map((c) => c.body)).toEqual([
      { oldCode: '222222', phone: '13900000000', code: '333333' },
      { oldCode: '111111', phone: '13900000000', code: '333333' },
    ]);
  });

  it('changes the password and signs out', async () => {
    const { api, user } = openShell('/accountSafe', {
      ...infoRoute,
      'POST /api/system/users/updatePassWord': ok(null),
      'DELETE /api/logout': ok(null),
    });
    const password = await card('修改密码');
    expect(within(password).getByText('修改密码后所有设备都将退出登录，请使用新密码重新登录。')).toBeInTheDocument();
    await user.type(within(password).getByLabelText('原密码'), 'Old-pass-1');
    await user.type(within(password).getByLabelText('新密码'), 'New-pass-22');
    await user.type(within(password).getByLabelText('确认新密码'), 'New-pass-22');
    await user.click(within(password).getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(location()).toMatch(/^\/user\/login/));
    expect(api.callsTo('POST', '/api/system/users/updatePassWord')[0].body).toEqual({ oldPassword: 'Old-pass-1', password: 'New-pass-22' });
  });

  it('spells out what deleting does, proves the phone, then deletes and signs out', async () => {
    const { api, user } = openShell('/accountSafe', {
      ...infoRoute,
      'POST /api/system/users/verifySmsCode': ok({ validFor: 300 }),
      'GET /api/system/users/deleteAccount': ok(null),
      'DELETE /api/logout': ok(null),
    });
    const remove = await card('注销账号');
    for (const text of [
      '整个主体账号将被关闭，所有操作员账号一并注销并立即退出登录。',
      '账号下已有的业务记录不会被删除，平台继续保存。',
      '注销后该手机号可重新注册。',
    ]) {
      expect(within(remove).getByText(text)).toBeInTheDocument();
    }
    await user.type(within(remove).getByLabelText('当前手机号验证码'), '444444');
    await user.click(within(remove).getByRole('button', { name: '注销账号' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(location()).toMatch(/^\/user\/login/));
    expect(api.callsTo('POST', '/api/system/users/verifySmsCode')[0].body).toEqual({ code: '444444' });
    expect(api.callsTo('GET', '/api/system/users/deleteAccount')).toHaveLength(1);
  });
});
