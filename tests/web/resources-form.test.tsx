import { act, configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { i18n } from '../../src/web/i18n';
import { fakeApi } from './support/fakeApi';
import { bare, restFail } from './support/fakeRest';
import { baseRoutes, INVOICES, location, OFFERS, OFFERS_PATH, offer, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

afterEach(async () => {
  if (i18n.language !== 'zh-CN') await act(() => i18n.changeLanguage('zh-CN'));
});

/** The error text shown under a field, found from its label. */
function errorOf(label: string | RegExp): string {
  const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  return item.querySelector('.ant-form-item-explain')?.textContent ?? '';
}

async function pick(user: UserEvent, label: string | RegExp, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

async function pickDate(user: UserEvent, label: string | RegExp, day: string) {
  const input = screen.getByLabelText(label);
  await user.click(input);
  await user.type(input, `${day}{Enter}`);
}

describe('generated create form', () => {
  it('shows friendly errors on invalid fields before sending, the same words the server uses', async () => {
    const api = fakeApi({ ...baseRoutes(), 'POST /api/rest/purchaseOffers': bare(offer()) });
    const { user } = renderResource(`${OFFERS_PATH}/create`);
    await screen.findByRole('heading', { name: '新建采购报价' });
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(errorOf('报价标题')).toBe('此项为必填项'));
    for (const label of ['商品名称', '计量单位', '数量', '单价（元）', '交货日期', '报价有效期至', '交货地区']) {
      expect(errorOf(label), label).toBe('此项为必填项');
    }
    expect(errorOf('规格型号')).toBe('');
    await user.type(screen.getByLabelText('报价标题'), 'x');
    await user.type(screen.getByLabelText('联系电话'), '12345');
    // Errors follow the input once the form has been submitted.
    await waitFor(() => expect(errorOf('报价标题')).toBe('至少输入 2 个字符'));
    expect(errorOf('联系电话')).toBe('请输入正确的手机号码');
    expect(errorOf('数量')).toBe('此项为必填项');
    expect(api.callsTo('POST', '/api/rest/purchaseOffers')).toHaveLength(0);
  });

  it('says the errors in English for an English user', async () => {
    fakeApi({ ...baseRoutes(), 'POST /api/rest/invoiceRequests': bare({}) });
    await act(() => i18n.changeLanguage('en-US'));
    const { user } = renderResource('/operator/invoice/create', { resource: 'invoiceRequests', routePath: '/operator/invoice' });
    await screen.findByRole('heading', { name: 'New: Invoice request' });
    await user.type(screen.getByLabelText('Taxpayer ID'), '91350100m000100y44');
    // The USCC input keeps the canonical form: no spaces, upper case.
    expect(screen.getByLabelText('Taxpayer ID')).toHaveValue('91350100M000100Y44');
    await user.type(screen.getByLabelText('Bank account'), '6222 021');
    expect(screen.getByLabelText('Bank account')).toHaveValue('6222021');
    await user.type(screen.getByLabelText('Email'), 'bad@');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(errorOf('Taxpayer ID')).toBe('Please enter a valid unified social credit code'));
    expect(errorOf('Bank account')).toBe('Please enter a valid bank account number: 8 to 30 digits');
    expect(errorOf('Email')).toBe('Please enter a valid email address');
    expect(errorOf('Invoice title')).toBe('This field is required');
  });

  it('creates a purchase offer with the cascader, money and date widgets, then shows it', async () => {
    let created: ResourceRecord | undefined;
    const api = fakeApi({
      ...baseRoutes(),
      'POST /api/rest/purchaseOffers': (call) => {
        created = offer({ ...(call.body as object), id: 'new-offer' });
        return bare(created);
      },
      'GET /api/rest/purchaseOffers/new-offer': () => bare({ ...created, events: [] }),
    });
    const { user } = renderResource(`${OFFERS_PATH}/create`);
    await screen.findByRole('heading', { name: '新建采购报价' });
    await user.type(screen.getByLabelText('报价标题'), '采购螺纹钢 三月');
    await pick(user, '商品类别', '原材料');
    await user.type(screen.getByLabelText('商品名称'), '螺纹钢');
    await pick(user, '计量单位', '吨');
    await user.type(screen.getByLabelText('数量'), '12.5');
    await user.type(screen.getByLabelText('单价（元）'), '４,000.5');
    await user.click(screen.getByLabelText('报价标题'));
    // Left alone, an amount reads with separators and two decimals; the total is the server's.
    expect(screen.getByLabelText('单价（元）')).toHaveValue('4,000.50');
    expect(screen.queryByLabelText('总金额（元）')).toBeNull();
    await pickDate(user, '交货日期', '2026-12-05');
    await pickDate(user, '报价有效期至', '2099-12-31');
    await user.click(screen.getByLabelText('交货地区'));
    await user.click(await screen.findByText('浙江省'));
    await user.click(await screen.findByText('杭州市'));
    await user.click(await screen.findByText('西湖区'));
    await user.type(screen.getByLabelText('联系电话'), '138 1234 5678');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/rest/purchaseOffers')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/rest/purchaseOffers')[0].body).toEqual({
      title: '采购螺纹钢 三月',
      category: 'rawMaterial',
      goodsName: '螺纹钢',
      unit: 'ton',
      quantity: 12.5,
      unitPrice: '4000.50',
      deliveryDate: '2026-12-05',
      validUntil: '2099-12-31',
      deliveryRegion: ['33', '3301', '330106'],
      contactPhone: '13812345678',
    });
    expect(await screen.findByText('创建成功')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`${OFFERS_PATH}/show/new-offer`));
  });

  it('puts the server field errors on their fields', async () => {
    const api = fakeApi({
      ...baseRoutes('owner', [INVOICES]),
      'POST /api/rest/invoiceRequests': restFail(400, '提交的信息有误，请检查标出的字段', { buyerName: '发票抬头与认证信息不符', version: '此项为必填项' }),
    });
    const { user } = renderResource('/operator/invoice/create', { resource: 'invoiceRequests', routePath: '/operator/invoice' });
    await screen.findByRole('heading', { name: '新建发票申请' });
    await pick(user, '发票类型', '增值税普通发票');
    await user.type(screen.getByLabelText('发票抬头'), '杭州某某公司');
    await user.type(screen.getByLabelText('开票金额（元）'), '100');
    await user.type(screen.getByLabelText('接收邮箱'), 'finance@example.com');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(errorOf('发票抬头')).toBe('发票抬头与认证信息不符'));
    // A message for no field of the form is shown above it.
    expect(screen.getByRole('alert')).toHaveTextContent('此项为必填项');
    expect(api.callsTo('POST', '/api/rest/invoiceRequests')[0].body).toMatchObject({ amount: '100.00', invoiceType: 'normal' });
    // Changing the field clears its server message.
    await user.type(screen.getByLabelText('发票抬头'), '有限公司');
    await waitFor(() => expect(errorOf('发票抬头')).toBe(''));
  });

  it("takes the company's corporate account and shows what can still be invoiced on the amount (issue 28 item 7)", async () => {
    const api = fakeApi({
      ...baseRoutes('owner', [INVOICES]),
      'POST /api/rest/invoiceRequests': restFail(400, '提交的信息有误，请检查标出的字段', { amount: '未关联合同时只能为已缴纳的服务费开票，尚可开票 0.00 元；为合同货款开票请选择关联合同' }),
    });
    const { user } = renderResource('/operator/invoice/create', { resource: 'invoiceRequests', routePath: '/operator/invoice' });
    await screen.findByRole('heading', { name: '新建发票申请' });
    await pick(user, '发票类型', '增值税普通发票');
    await user.type(screen.getByLabelText('发票抬头'), '杭州某某公司');
    await user.type(screen.getByLabelText('开票金额（元）'), '100');
    await user.type(screen.getByLabelText('接收邮箱'), 'finance@example.com');
    await user.type(screen.getByLabelText('银行账号'), '1202 0211 0990 0123 456');
    expect(screen.getByLabelText('银行账号')).toHaveValue('1202021109900123456');
    // Before sending, the form says where an invoice's amount comes from.
    expect(screen.getByText(/不关联合同时，只就已缴纳的服务费开票/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(errorOf('开票金额（元）')).toBe('未关联合同时只能为已缴纳的服务费开票，尚可开票 0.00 元；为合同货款开票请选择关联合同'));
    expect(errorOf('银行账号')).toBe('');
    expect(api.callsTo('POST', '/api/rest/invoiceRequests')[0].body).toMatchObject({ bankAccount: '1202021109900123456', amount: '100.00' });
  });
});

describe('generated edit form', () => {
  const readOnlyCategory: ResourceDefinition = { ...OFFERS, form: { ...OFFERS.form, readOnlyOnEdit: ['category'] } };

  it('edits with the version read; a conflict offers to reload the latest record', async () => {
    const record = offer({ title: '原标题', version: 3, terms: '款到发货' });
    let latest: ResourceRecord = { ...record, title: '他人改过的标题', version: 4 };
    let reads = 0;
    const api = fakeApi({
      ...baseRoutes('owner', [readOnlyCategory]),
      [`GET /api/rest/purchaseOffers/${record.id}`]: () => bare({ ...(reads++ === 0 ? record : latest), events: [] }),
      [`PUT /api/rest/purchaseOffers/${record.id}`]: (call) =>
        (call.body as { version: number }).version === 4 ? bare((latest = { ...latest, ...(call.body as object), version: 5 })) : restFail(409, '记录已被他人修改，请刷新后重试'),
    });
    const { user } = renderResource(`${OFFERS_PATH}/edit/${record.id}`);
    await screen.findByRole('heading', { name: '编辑采购报价' });
    expect(screen.getByLabelText('报价标题')).toHaveValue('原标题');
    expect(screen.getByLabelText('商品类别').closest('.ant-select')).toHaveClass('ant-select-disabled');
    await user.clear(screen.getByLabelText('交易条款'));
    await user.type(screen.getByLabelText('报价标题'), '（改）');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('该记录已被他人修改')).toBeInTheDocument();
    const [stale] = api.callsTo('PUT', `/api/rest/purchaseOffers/${record.id}`);
    expect(stale.body).toMatchObject({ title: '原标题（改）', version: 3 });
    // A cleared optional field is left out, not sent back with its old value.
    expect(stale.body).not.toHaveProperty('terms');
    await user.click(screen.getByRole('button', { name: /重新加载/ }));
    await waitFor(() => expect(screen.getByLabelText('报价标题')).toHaveValue('他人改过的标题'));
    expect(screen.queryByText('该记录已被他人修改')).toBeNull();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/rest/purchaseOffers/${record.id}`)[1].body).toMatchObject({ title: '他人改过的标题', version: 4 });
    await waitFor(() => expect(location()).toBe(`${OFFERS_PATH}/show/${record.id}`));
  });

  it('refuses to edit outside the editable states', async () => {
    const published = offer({ state: 'published' });
    fakeApi({ ...baseRoutes(), [`GET /api/rest/purchaseOffers/${published.id}`]: bare({ ...published, events: [] }) });
    renderResource(`${OFFERS_PATH}/edit/${published.id}`);
    expect(await screen.findByText('当前状态（已发布）不能编辑')).toBeInTheDocument();
    expect(within(document.body).queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});
