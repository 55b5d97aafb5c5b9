// x-kind reference (issue 7): an invoice request's contract is picked by title in the form,
// sent as the contract's id, and shown on the invoice as the contract's title linking to it.
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import bills from '../../schemas/resources/bills.json';
import paymentRequests from '../../schemas/resources/paymentRequests.json';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { fakeApi, ok, USER_INFO } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { baseRoutes, CONTRACTS, INVOICES, OFFERS, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

const BILLS = bills as unknown as ResourceDefinition;
const CONTRACT_ID = '0b0e7d52-5a0c-4d8e-9a53-3f0f3f0f3f0f';
const contract = { id: CONTRACT_ID, accountId: 'acc-1', parties: { buyer: 'a-1', seller: 'a-2' }, state: 'signed', title: '三月螺纹钢购销合同', version: 2, createdAt: '2026-03-01T02:30:00.000Z' } as unknown as ResourceRecord;
const invoice = {
  id: 'inv-1',
  accountId: 'acc-1',
  state: 'requested',
  version: 1,
  invoiceType: 'normal',
  buyerName: '杭州开票公司',
  amount: '100.00',
  email: 'a@example.com',
  contractId: CONTRACT_ID,
  createdAt: '2026-03-02T02:30:00.000Z',
  events: [],
} as unknown as ResourceRecord;
const routes = () => ({
  ...baseRoutes('owner', [OFFERS, INVOICES, CONTRACTS]),
  [`GET /api/rest/contracts/${CONTRACT_ID}`]: bare(contract),
  'GET /api/r/contracts': ok({ records: [contract], total: 1 }),
});

describe('reference fields', () => {
  it('shows the referenced contract by its title, linked to its page', async () => {
    fakeApi({ ...routes(), 'GET /api/rest/invoiceRequests/inv-1': bare(invoice) });
    renderResource('/operator/invoice/show/inv-1', { resource: 'invoiceRequests', routePath: '/operator/invoice' });
    const link = await screen.findByRole('link', { name: '三月螺纹钢购销合同' });
    // The caller buys: the list of its purchases (contractbuy) holds it and opens it on its detail page.
    expect(link.getAttribute('href')).toBe(`/contract/details?id=${CONTRACT_ID}`);
  });

  it('links a contract to the page of the list that holds it for the caller', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ parties: { buyer: 'a-1', seller: 'a-2' } }, '/contract/details'],
      [{ parties: { buyer: 'a-2', seller: 'a-1' } }, '/contract/supplyDetails'],
      [{ parties: { buyer: 'a-1', seller: 'a-2' }, source: 'mutualOffer' }, '/contract/chainDetails'],
    ];
    for (const [extra, path] of cases) {
      fakeApi({ ...routes(), [`GET /api/rest/contracts/${CONTRACT_ID}`]: bare({ ...contract, ...extra }), 'GET /api/rest/invoiceRequests/inv-1': bare(invoice) });
      const view = renderResource('/operator/invoice/show/inv-1', { resource: 'invoiceRequests', routePath: '/operator/invoice' });
      const link = await screen.findByRole('link', { name: '三月螺纹钢购销合同' });
      await waitFor(() => expect(link.getAttribute('href'), JSON.stringify(extra)).toBe(`${path}?id=${CONTRACT_ID}`));
      view.unmount();
    }
  });

  it('picks the contract by title in the form and sends its id', async () => {
    const api = fakeApi({ ...routes(), 'POST /api/rest/invoiceRequests': bare({ ...invoice, id: 'inv-2' }), 'GET /api/rest/invoiceRequests/inv-2': bare({ ...invoice, id: 'inv-2' }) });
    const { user } = renderResource('/operator/invoice/create', { resource: 'invoiceRequests', routePath: '/operator/invoice' });
    await user.click(await screen.findByLabelText('关联合同'));
    await user.click(await screen.findByText('三月螺纹钢购销合同', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByLabelText('发票类型'));
    await user.click(await screen.findByText('增值税普通发票', { selector: '.ant-select-item-option-content' }));
    await user.type(screen.getByLabelText('发票抬头'), '杭州开票公司');
    await user.type(screen.getByLabelText('开票金额（元）'), '100');
    await user.type(screen.getByLabelText('接收邮箱'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/rest/invoiceRequests')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/rest/invoiceRequests')[0].body).toMatchObject({ contractId: CONTRACT_ID });
  });

  it('offers a bill (and a payment request) only the contracts it may be made under: signed ones, not cancelled, rejected or refunded (x-refStates, issue 28)', async () => {
    const api = fakeApi({ ...baseRoutes('owner', [OFFERS, INVOICES, CONTRACTS, BILLS]), 'GET /api/r/contracts': ok({ records: [contract], total: 1 }) });
    // Only an approved account bills.
    const { user } = renderResource('/payment/collectionManagement/create', { resource: 'bills', routePath: '/payment/collectionManagement', scope: 'payee', userInfo: { ...USER_INFO, authStatus: 'approved' } });
    await user.click(await screen.findByLabelText('所属合同'));
    await screen.findByText('三月螺纹钢购销合同', { selector: '.ant-select-item-option-content' });
    const asked = api.callsTo('GET', '/api/r/contracts');
    expect(asked.length).toBeGreaterThan(0);
    for (const call of asked) expect(call.query.get('state')).toBe('signed,collateralPaid,delivered,objection,completed');
    // The request form's field says the same (its page is jjsk's); the invoice request's contract is not narrowed.
    expect((paymentRequests as unknown as ResourceDefinition).record.properties.contractId['x-refStates']).toEqual(BILLS.record.properties.contractId['x-refStates']);
    expect(INVOICES.record.properties.contractId['x-refStates']).toBeUndefined();
  });
});
