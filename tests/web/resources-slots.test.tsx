// What the domain pages add to the generated pages through the slots (src/web/pages/slots.tsx):
// the receipts under a record that moved money, the document above a signing step's SMS code.
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { actionInputSchema } from '../../src/shared/resources/actionInput';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { fakeApi, ok, USER_INFO } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { baseRoutes, CONTRACTS, OFFERS_PATH, offer, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

const ID = '00000000-0000-4000-8000-00000000c0de';
const PATH = '/contract/contractbuy';
// As GET /api/meta/resources serves it: a signing step asks for the signer's SMS code.
const CONTRACTS_SERVED: ResourceDefinition = { ...CONTRACTS, actions: CONTRACTS.actions?.map((action) => ({ ...action, input: actionInputSchema(action) })) };
const contract = (extra: Partial<ResourceRecord>): ResourceRecord =>
  offer({ id: ID, title: '采购螺纹钢 购销合同', parties: { buyer: 'a-1', seller: 'a-2' }, buyerName: '杭州签约买方有限公司', sellerName: '苏州卖方有限公司', events: [], ...extra });
const RECEIPT = { transferId: 't-1', kind: 'collateral', template: 'Chainpayment', amount: '16000.00', time: '2026-11-20T02:00:00.000Z', path: '/Chainpayment?id=t-1' };

describe('slots of the generated pages', () => {
  it('lists the receipts of the money a contract moved under its record, each linking to its page', async () => {
    const api = fakeApi({
      ...baseRoutes('owner', [CONTRACTS_SERVED]),
      [`GET /api/rest/contracts/${ID}`]: bare(contract({ state: 'collateralPaid', version: 3 })),
      'GET /api/receipts': ok([RECEIPT]),
    });
    renderResource(`${PATH}/show/${ID}`, { resource: 'contracts', routePath: PATH, scope: 'buyer' });
    const receipts = await screen.findByTestId('record-receipts');
    expect(within(receipts).getByText('电子回单')).toBeInTheDocument();
    expect(within(receipts).getByText('支付保证金')).toBeInTheDocument();
    expect(within(receipts).getByTestId('receipt-link-Chainpayment')).toHaveAttribute('href', '/Chainpayment?id=t-1');
    expect(api.callsTo('GET', '/api/receipts')[0].query.get('id')).toBe(ID);
  });

  it('asks for no receipts on a resource without money actions', async () => {
    const record = offer({ title: '采购螺纹钢 无回单' });
    const api = fakeApi({ ...baseRoutes(), [`GET /api/rest/purchaseOffers/${record.id}`]: bare({ ...record, events: [] }) });
    renderResource(`${OFFERS_PATH}/show/${record.id}`);
    expect(await screen.findByText('采购螺纹钢 无回单')).toBeInTheDocument();
    expect(await screen.findByText('操作记录')).toBeInTheDocument();
    expect(screen.queryByTestId('record-receipts')).toBeNull();
    expect(api.callsTo('GET', '/api/receipts')).toEqual([]);
  });

  it('shows the contract text and its printable page above the SMS code of the signing step', async () => {
    fakeApi({
      ...baseRoutes('owner', [CONTRACTS_SERVED]),
      [`GET /api/rest/contracts/${ID}`]: bare(contract({ state: 'pendingSignature' })),
      'GET /api/receipts': ok([]),
      [`GET /api/r/contracts/${ID}/document`]: ok({ title: '采购螺纹钢 购销合同', text: '合同总金额：人民币 80,000.00 元。', sha256: 'a'.repeat(64), signedSha256: null, signatures: [] }),
    });
    // Only an approved account signs.
    const userInfo = { ...USER_INFO, authStatus: 'approved' as const };
    const { user } = renderResource(`${PATH}/show/${ID}`, { resource: 'contracts', routePath: PATH, scope: 'buyer', userInfo });
    await user.click(await screen.findByRole('button', { name: /签署合同/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('document-text')).toHaveTextContent('合同总金额：人民币 80,000.00 元。');
    expect(within(dialog).getByRole('link', { name: '查看合同文本' })).toHaveAttribute('href', `/contract/detailspact?resource=contracts&id=${ID}`);
    // The form below it, with the SMS code the server checks.
    expect(await within(dialog).findByRole('button', { name: /提\s*交/ })).toBeInTheDocument();
  });
});
