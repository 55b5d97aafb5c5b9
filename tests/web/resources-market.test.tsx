// The market of a resource with visibility.market (purchase offers) and per-record buttons:
// the list switches between the caller's own records and the market (scope=market in the URL
// and the request); a record of another account shows none of the owner's buttons.
import { act, configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { fakeApi, ok, USER_INFO, type Call } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { baseRoutes, CONTRACTS, location, OFFERS, OFFERS_PATH, offer, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

const withEvents = (record: ResourceRecord) => ({ ...record, events: [] });

describe('the offer market in the generated pages', () => {
  it('switches the list between my offers and the market', async () => {
    const mine = offer({ title: '我的采购发盘' });
    const theirs = offer({ title: '他人发布的发盘', state: 'published', accountId: 'a-other' });
    const api = fakeApi({
      ...baseRoutes(),
      'GET /api/r/purchaseOffers': (call: Call) => ok(call.query.get('scope') === 'market' ? { records: [theirs], total: 1 } : { records: [mine], total: 1 }),
    });
    const { user } = renderResource(OFFERS_PATH);
    expect(await screen.findByText('我的采购发盘')).toBeInTheDocument();
    await user.click(screen.getByText('市场', { selector: '.ant-segmented-item-label' }));
    expect(await screen.findByText('他人发布的发盘')).toBeInTheDocument();
    expect(location()).toBe(`${OFFERS_PATH}?scope=market`);
    expect(api.callsTo('GET', '/api/r/purchaseOffers').map((c) => c.query.get('scope'))).toEqual([null, 'market']);
  });

  it('says the market is empty without offering to create there', async () => {
    fakeApi({ ...baseRoutes(), 'GET /api/r/purchaseOffers': ok({ records: [], total: 0 }) });
    renderResource(`${OFFERS_PATH}?scope=market`);
    expect(await screen.findByText('市场上暂时没有其他主体发布的采购报价')).toBeInTheDocument();
  });

  it('lists the contracts of the route scope (I am the buyer), with no create button', async () => {
    const contract = offer({ title: '我作为买方的合同', state: 'pendingSignature', offerId: 'o-1', parties: { buyer: 'a-1', seller: 'a-other' }, accountId: 'a-other' });
    const api = fakeApi({ ...baseRoutes('owner', [OFFERS, CONTRACTS]), 'GET /api/r/contracts': ok({ records: [contract], total: 1 }) });
    renderResource('/contract/contractbuy', { resource: 'contracts', routePath: '/contract/contractbuy', scope: 'buyer' });
    expect(await screen.findByText('我作为买方的合同')).toBeInTheDocument();
    expect(screen.getByText('待签署')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/r/contracts')[0].query.get('scope')).toBe('buyer');
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
    expect(screen.queryByText('市场', { selector: '.ant-segmented-item-label' })).toBeNull();
  });

  it("shows the buyer's sign and reject and not the seller's cancel on a contract where I am the buyer", async () => {
    const contract = offer({ title: '待我签署的合同', state: 'pendingSignature', parties: { buyer: 'a-1', seller: 'a-other' }, accountId: 'a-other' });
    fakeApi({ ...baseRoutes('owner', [OFFERS, CONTRACTS]), [`GET /api/rest/contracts/${contract.id}`]: bare(withEvents(contract)) });
    // Party actions are for approved accounts, like every trading action.
    renderResource(`/contract/contractbuy/show/${contract.id}`, { resource: 'contracts', routePath: '/contract/contractbuy', scope: 'buyer', userInfo: { ...USER_INFO, authStatus: 'approved' } });
    await screen.findByText('待我签署的合同');
    await waitFor(() => expect(screen.queryAllByRole('button').map((b) => b.textContent?.replace(/\s/g, '')).filter((n) => n !== '返回列表')).toEqual(['签署合同', '拒绝合同']));
  });

  it("shows the owner's buttons on its own published offer and none on another account's", async () => {
    const own = offer({ state: 'published', version: 2, title: '自己的已发布发盘' });
    const theirs = offer({ state: 'published', version: 2, title: '他人的已发布发盘', accountId: 'a-other' });
    const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent?.replace(/\s/g, '')).filter((name) => name !== '返回列表');
    fakeApi({ ...baseRoutes(), [`GET /api/rest/purchaseOffers/${own.id}`]: bare(withEvents(own)), [`GET /api/rest/purchaseOffers/${theirs.id}`]: bare(withEvents(theirs)) });
    let view = renderResource(`${OFFERS_PATH}/show/${own.id}`);
    await screen.findByText('自己的已发布发盘');
    await waitFor(() => expect(buttons()).toEqual(['撤回']));
    view.unmount();
    view = renderResource(`${OFFERS_PATH}/show/${theirs.id}`);
    await screen.findByText('他人的已发布发盘');
    // Access answers arrive within a few ticks (the case above shows buttons by then); none may show.
    await act(() => new Promise((settled) => setTimeout(settled, 300)));
    expect(buttons()).toEqual([]);
    view.unmount();
  });
});
