// The schema-form widgets and rules (src/web/schema-ui), on a form that uses each of them.
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Button } from 'antd';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/web/i18n';
import { AntdLocale } from '../../src/web/theme/AntdLocale';
import { resourceText } from '../../src/web/resources/labels';
import { UiBridge } from '../../src/web/routing/UiBridge';
import SchemaForm from '../../src/web/schema-ui/SchemaForm';
import type { FormSource } from '../../src/web/schema-ui/types';
import { fakeApi, ok } from './support/fakeApi';
import { RefineWrapper } from './support/refineWrapper';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

afterEach(async () => {
  if (i18n.language !== 'zh-CN') await act(() => i18n.changeLanguage('zh-CN'));
});

// Like the authentication forms of schemas/forms: every custom widget once.
const SOURCE: FormSource = {
  name: 'widgetDemo',
  record: {
    type: 'object',
    required: ['industry', 'idExpiry', 'phone', 'code', 'bankBranch'],
    properties: {
      industry: { type: 'string', format: 'industry', 'x-kind': 'industry' },
      idNumber: { type: 'string', format: 'residentId' },
      idExpiry: { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2}|longTerm)$', 'x-kind': 'dateOrLongTerm' },
      phone: { type: 'string', format: 'mobile' },
      code: { type: 'string', format: 'smsCode', 'x-kind': 'smsCode' },
      password: { type: 'string', format: 'password' },
      bankBranch: {
        type: 'object',
        'x-kind': 'bankBranch',
        required: ['bank', 'region', 'branch'],
        properties: { bank: { type: 'string', minLength: 2 }, region: { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 3 }, branch: { type: 'string', minLength: 2 } },
      },
      note: { type: 'string', maxLength: 100, 'x-kind': 'textarea' },
    },
  },
  form: {
    fields: ['industry', 'idNumber', 'idExpiry', 'phone', 'code', 'password', 'bankBranch', 'note'],
    uiSchema: { code: { 'ui:options': { phoneField: 'phone', scene: 'verify' } }, idExpiry: { 'ui:options': { colSpan: 8 } } },
  },
  labels: {
    'zh-CN': { title: '组件示例', fields: { industry: '行业类别', idNumber: '身份证号', idExpiry: '证件有效期', phone: '法人手机号', code: '短信验证码', password: '密码', bankBranch: '开户支行', note: '备注' } },
    'en-US': { title: 'Widgets', fields: { industry: 'Industry', idNumber: 'ID number', idExpiry: 'ID expiry', phone: 'Phone', code: 'SMS code', password: 'Password', bankBranch: 'Bank branch', note: 'Note' } },
  },
};

function renderForm(initialData?: Record<string, unknown>, source: FormSource = SOURCE) {
  const submitted: Record<string, unknown>[] = [];
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const text = resourceText(source, 'zh-CN', () => undefined);
  render(
    <BrowserRouter>
      <RefineWrapper>
        <Suspense fallback={null}>
          <AntdLocale>
            <UiBridge />
            <SchemaForm id="demo" source={source} text={text} mode="create" initialData={initialData} onSubmit={(data) => submitted.push(data)}>
              <Button htmlType="submit">submit</Button>
            </SchemaForm>
          </AntdLocale>
        </Suspense>
      </RefineWrapper>
    </BrowserRouter>,
  );
  return { user, submitted };
}

const itemOf = (label: string | RegExp) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const errorOf = (label: string | RegExp) => itemOf(label).querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('schema form widgets', () => {
  it('lays fields out on the grid: half rows by default, colSpan from ui:options, full rows for text areas, one column on phones', async () => {
    renderForm();
    await screen.findByLabelText('行业类别');
    const colOf = (label: string) => (screen.getByLabelText(label).closest('[class*="ant-col-md-"]') as HTMLElement).className;
    expect(colOf('行业类别')).toMatch(/ant-col-xs-24 .*ant-col-md-12/);
    expect(colOf('证件有效期')).toMatch(/ant-col-md-8/);
    expect(colOf('备注')).toMatch(/ant-col-md-24/);
  });

  it('stores the industry division, long-term expiry and a normalised ID number', async () => {
    fakeApi({});
    const { user, submitted } = renderForm();
    await user.click(await screen.findByLabelText('行业类别'));
    await user.click(await screen.findByText('制造业'));
    await user.click(await screen.findByText('农副食品加工业'));
    await user.type(screen.getByLabelText('身份证号'), '11010519491231002x');
    expect(screen.getByLabelText('身份证号')).toHaveValue('11010519491231002X');
    await user.click(screen.getByRole('checkbox', { name: '长期' }));
    expect(screen.getByLabelText('证件有效期')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(errorOf('法人手机号')).toBe('此项为必填项'));
    expect(errorOf('行业类别')).toBe('');
    expect(errorOf('证件有效期')).toBe('');
    expect(errorOf('身份证号')).toBe('');
    expect(submitted).toEqual([]);
  });

  it('sends the SMS code to the phone field and counts down', async () => {
    const api = fakeApi({ 'POST /api/smscode': ok(null) });
    const { user } = renderForm();
    const send = await screen.findByRole('button', { name: '获取验证码' });
    await user.click(send);
    expect(await screen.findByText('请先填写正确的法人手机号')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/smscode')).toHaveLength(0);
    await user.type(screen.getByLabelText('法人手机号'), '138-1234-5678');
    expect(screen.getByLabelText('法人手机号')).toHaveValue('13812345678');
    await user.click(send);
    expect(await screen.findByText('验证码已发送，请注意查收短信')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/smscode')[0].body).toEqual({ phone: '13812345678', scene: 'verify' });
    const counting = screen.getByRole('button', { name: /秒后重发/ });
    expect(counting).toHaveTextContent(/^(60|59) 秒后重发$/);
    expect(counting).toBeDisabled();
  });

  it('names the exact password problem, and checks the bank branch parts', async () => {
    fakeApi({});
    const { user, submitted } = renderForm({ bankBranch: { bank: '中' } });
    await user.type(await screen.findByLabelText('密码'), 'abc');
    await user.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(errorOf('密码')).toBe('密码至少6位！'));
    const branch = screen.getByRole('group', { name: '开户支行' });
    expect(within(branch).getByText('至少输入 2 个字符')).toBeInTheDocument();
    expect(within(branch).getAllByText('此项为必填项')).toHaveLength(2);
    await user.clear(within(branch).getByLabelText('开户银行'));
    await user.type(within(branch).getByLabelText('开户银行'), '杭州');
    await user.click(await screen.findByTitle('杭州银行'));
    await user.click(within(branch).getByLabelText('开户行所在地'));
    await user.click(await screen.findByText('浙江省'));
    await user.click(await screen.findByText('杭州市'));
    await user.click(await screen.findByText('西湖区'));
    await user.type(within(branch).getByLabelText('支行名称'), '西湖支行');
    await waitFor(() => expect(within(branch).queryByText('此项为必填项')).toBeNull());
    expect(submitted).toEqual([]);
  });

  it('submits what the widgets hold', async () => {
    fakeApi({});
    const data = { industry: '13', idExpiry: '2030-06-30', phone: '13812345678', code: '123456', bankBranch: { bank: '杭州银行', region: ['33', '3301', '330106'], branch: '西湖支行' } };
    const { user, submitted } = renderForm(data);
    // Stored values come back as the widgets show them.
    await waitFor(() => expect(itemOf('行业类别')).toHaveTextContent('制造业 / 农副食品加工业'));
    expect(screen.getByLabelText('证件有效期')).toHaveValue('2030-06-30');
    expect(within(screen.getByRole('group', { name: '开户支行' })).getByText('浙江省 / 杭州市 / 西湖区')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(submitted).toEqual([data]));
  });

  it('finds a counterparty by what the user types and stores its account id', async () => {
    const partner = { id: '00000000-0000-4000-8000-000000000002', type: 'enterprise', name: '杭州甲方贸易有限公司', creditCode: '91330106MA2B000001', industry: '51' };
    const api = fakeApi({ 'GET /api/system/personal/searchCom': ok({ records: [partner], total: 1 }) });
    const source: FormSource = {
      name: 'counterpartyDemo',
      record: { type: 'object', required: ['counterpartyId'], properties: { counterpartyId: { type: 'string', 'x-kind': 'counterparty' } } },
      form: { fields: ['counterpartyId'] },
      labels: { 'zh-CN': { title: '对方', fields: { counterpartyId: '交易对方' } }, 'en-US': { title: 'Counterparty', fields: { counterpartyId: 'Counterparty' } } },
    };
    const { user, submitted } = renderForm(undefined, source);
    await user.type(await screen.findByLabelText('交易对方'), '杭州');
    await user.click(await screen.findByText('杭州甲方贸易有限公司 · 91330106MA2B000001'));
    const [search] = api.callsTo('GET', '/api/system/personal/searchCom');
    expect(Object.fromEntries(search.query)).toEqual({ keyword: '杭州', pageSize: '20' });
    await user.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(submitted).toEqual([{ counterpartyId: partner.id }]));
  });

  it('speaks English in an English console', async () => {
    fakeApi({});
    await act(() => i18n.changeLanguage('en-US'));
    const { user } = renderForm();
    await user.type(await screen.findByLabelText('法人手机号'), '12345');
    await user.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(errorOf('法人手机号')).toBe('Please enter a valid mobile number'));
    expect(errorOf('行业类别')).toBe('This field is required');
    expect(screen.getByRole('checkbox', { name: 'Long-term' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get code' })).toBeInTheDocument();
  });
});
