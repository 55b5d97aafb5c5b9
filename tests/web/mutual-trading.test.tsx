// Mutual-promise offers and contracts in the console (issue 7): /outgoing/chainInvitation tells an
// account that has not opened the mutual-promise service where to open it instead of showing
// buttons the server refuses; publishing leads to the result step; /contract/contractChain lists
// the mutual-promise contracts (source=mutualOffer) and opens each on /contract/chainDetails,
// which links to its printable text; /outgoing/peace and /contractUpdate/serviceAgreement.
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import contracts from '../../schemas/resources/contracts.json';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { resourceDefinition } from '../support/resource-definitions';
import { ok, USER_INFO, type Call } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { location } from './support/renderApp';
import { findActivePane, OWNER, openShell } from './support/shell';

const SLOW = { timeout: 20_000 };
const APPROVED = { ...USER_INFO, authStatus: 'approved' as const };
const OFFER_ID = '00000000-0000-4000-8000-00000000a001';
const CONTRACT_ID = '00000000-0000-4000-8000-00000000c001';
const record = (extra: Partial<ResourceRecord>): ResourceRecord => ({
  id: OFFER_ID,
  accountId: 'a-1',
  state: 'draft',
  version: 1,
  createdAt: '2026-11-20T02:00:00.000Z',
  createdBy: 'u-1',
  updatedAt: '2026-11-20T02:00:00.000Z',
  updatedBy: 'u-1',
  title: '互诺供应 电解铜',
  side: 'seller',
  goodsName: '电解铜',
  unit: 'ton',
  quantity: 20,
  unitPrice: '4000.00',
  amount: '80000.00',
  deliveryDate: '2099-12-20',
  validUntil: '2099-12-31',
  deliveryRegion: ['33', '3301', '330106'],
  ...extra,
});
const CONTRACT = record({
  id: CONTRACT_ID,
  state: 'pendingSignature',
  source: 'mutualOffer',
  offerId: OFFER_ID,
  orderType: 'electronic',
  buyerName: '苏州互诺接受有限公司',
  sellerName: '杭州链上付科技有限公司',
  parties: { buyer: 'a-other', seller: 'a-1' },
  accountId: 'a-other',
  events: [],
});
const routes = (opened: boolean, extra: Record<string, unknown> = {}) => ({
  // Whether the service is open is part of the caller: the profile says which services are.
  'GET /api/user/info': ok({ ...OWNER, services: opened ? ['mutual'] : [] }),
  'GET /api/system/users/info': ok(APPROVED),
  'GET /api/meta/resources': ok([resourceDefinition('mutualOffers'), contracts]),
  'GET /api/system/users/mutualStatus': ok({ opened, openedAt: opened ? '2026-11-20T02:00:00.000Z' : null }),
  ...extra,
});
const buttonNames = (pane: HTMLElement) => within(pane).queryAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));

describe('mutual-promise offers and contracts in the console', { timeout: 60_000 }, () => {
  it('tells an account without the service where to open it, with no create button', async () => {
    openShell('/outgoing/chainInvitation', routes(false, { 'GET /api/r/mutualOffers': ok({ records: [], total: 0 }) }), OWNER, APPROVED);
    const pane = await findActivePane();
    expect(await within(pane).findByText('尚未开通互诺服务', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByRole('link', { name: '去开通' })).toHaveAttribute('href', '/contract/xhnPaymentStatus');
    await within(pane).findByText('还没有互诺发盘记录', {}, SLOW);
    expect(within(pane).queryByRole('button', { name: /新\s*建/ })).toBeNull();
  });

  it('shows the create button and no notice once the service is open', async () => {
    openShell('/outgoing/chainInvitation', routes(true, { 'GET /api/r/mutualOffers': ok({ records: [], total: 0 }) }), OWNER, APPROVED);
    const pane = await findActivePane();
    expect((await within(pane).findAllByRole('button', { name: /新\s*建/ }, SLOW)).length).toBeGreaterThan(0);
    expect(within(pane).queryByText('尚未开通互诺服务')).toBeNull();
  });

  it('hides accept on a market offer until the service is open', async () => {
    const theirs = record({ state: 'published', accountId: 'a-other', events: [] });
    openShell(`/outgoing/chainInvitation/show/${OFFER_ID}`, routes(false, { [`GET /api/rest/mutualOffers/${OFFER_ID}`]: bare(theirs) }), OWNER, APPROVED);
    const pane = await findActivePane();
    expect(await within(pane).findByText('尚未开通互诺服务', {}, SLOW)).toBeInTheDocument();
    await within(pane).findByText('互诺供应 电解铜');
    await new Promise((settled) => setTimeout(settled, 300));
    expect(buttonNames(pane)).not.toContain('接受发盘');
  });

  it('offers accept once open, and accepting leads to the result step with the contract to sign', async () => {
    const theirs = record({ state: 'published', accountId: 'a-other', events: [] });
    const accepted = { ...theirs, state: 'accepted', contractId: CONTRACT_ID, version: 2 };
    let state = theirs;
    const { user } = openShell(
      `/outgoing/chainInvitation/show/${OFFER_ID}`,
      routes(true, {
        [`GET /api/rest/mutualOffers/${OFFER_ID}`]: () => bare(state),
        [`POST /api/r/mutualOffers/${OFFER_ID}/actions/accept`]: () => {
          state = accepted;
          return ok(accepted);
        },
        [`GET /api/rest/contracts/${CONTRACT_ID}`]: bare(CONTRACT),
      }),
      OWNER,
      APPROVED,
    );
    const pane = await findActivePane();
    await user.click(await within(pane).findByRole('button', { name: '接受发盘' }, SLOW));
    const dialog = await within(document.body).findByRole('dialog');
    expect(dialog).toHaveTextContent('互诺合同');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(document.body).findByText('已接受互诺发盘', {}, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/outgoing\/resultsPage\?/);
    const result = await findActivePane();
    await user.click(await within(result).findByRole('button', { name: '查看并签署合同' }, SLOW));
    expect(location()).toBe(`/contract/chainDetails?id=${CONTRACT_ID}`);
  });

  it('lists the mutual-promise contracts and opens one on chainDetails, which links to its text', async () => {
    const { api, user } = openShell(
      '/contract/contractChain',
      routes(true, { 'GET /api/r/contracts': (call: Call) => ok({ records: call.query.get('source') === 'mutualOffer' ? [CONTRACT] : [], total: 1 }), [`GET /api/rest/contracts/${CONTRACT_ID}`]: bare(CONTRACT) }),
      OWNER,
      APPROVED,
    );
    const pane = await findActivePane();
    const row = (await within(pane).findByText('互诺供应 电解铜', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('互诺发盘');
    expect(api.callsTo('GET', '/api/r/contracts')[0].query.get('source')).toBe('mutualOffer');
    expect(api.callsTo('GET', '/api/r/contracts')[0].query.get('scope')).toBeNull();
    await user.click(await within(row).findByRole('button', { name: '查看' }, SLOW));
    expect(location()).toBe(`/contract/chainDetails?id=${CONTRACT_ID}`);
    const detail = await findActivePane();
    expect(await within(detail).findByText('苏州互诺接受有限公司', {}, SLOW)).toBeInTheDocument();
    await user.click(await within(detail).findByRole('button', { name: /合同文本/ }));
    expect(location()).toBe(`/contract/chainContractDetails?id=${CONTRACT_ID}`);
  });

  it('says plainly that no third-party signing registration exists on /outgoing/peace', async () => {
    openShell('/outgoing/peace', routes(true), OWNER, APPROVED);
    const pane = await findActivePane();
    expect(await within(pane).findByText('本平台暂未接入第三方电子签名服务（如安心签），因此无需也无法在此登记。', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).queryByRole('textbox')).toBeNull();
    expect(within(pane).getByRole('button', { name: '去签署合同' })).toBeInTheDocument();
  });

  it('shows the trade contract service agreement, printable', async () => {
    const doc = { id: 'trade-contract-service-2026.11', platform: 'lsf', version: '2026.11', kind: 'service', effectiveFrom: '2026-11-01', title: '链上付交易合同服务协议', sections: [{ heading: '四、签署', body: '签署人须输入短信验证码。' }] };
    openShell('/contractUpdate/serviceAgreement', routes(true, { 'GET /api/system/personal/serviceAgreement': ok(doc) }), OWNER, APPROVED);
    const pane = await findActivePane();
    expect(await within(pane).findByRole('article', { name: '链上付交易合同服务协议' }, SLOW)).toHaveTextContent('签署人须输入短信验证码。');
    expect(within(pane).getByRole('button', { name: /打\s*印/ })).toBeInTheDocument();
  });
});
