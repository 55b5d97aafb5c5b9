// The contract's show routes in the whole console (issue 17): its times in the one format (no raw
// ISO string), the sibling's message when opened without an id, and a route listing part of the
// contracts headed by its own name.
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actionInputSchema } from '../../src/shared/resources/actionInput';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import zhMenu from '../../src/shared/locales/zh-CN/menu.json';
import { ok, USER_INFO } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { CONTRACTS, offer } from './support/resourceHarness';
import { findActivePane, openShell } from './support/shell';

const SLOW = { timeout: 20_000 };
const ID = '00000000-0000-4000-8000-00000000d0c5';
const CONTRACTS_SERVED: ResourceDefinition = { ...CONTRACTS, actions: CONTRACTS.actions?.map((action) => ({ ...action, input: actionInputSchema(action) })) };
const APPROVED = { ...USER_INFO, authStatus: 'approved' as const };
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const completed: ResourceRecord = offer({
  id: ID,
  title: '采购螺纹钢 购销合同',
  state: 'completed',
  parties: { buyer: 'a-1', seller: 'a-2' },
  buyerName: '杭州签约买方有限公司',
  sellerName: '苏州卖方有限公司',
  collateralPaidAt: '2026-11-25T04:15:17.600Z',
  deliveredAt: '2026-11-26T01:00:00.000Z',
  releaseDueDay: '2026-12-03',
  releasedAt: '2026-11-27T16:30:00.000Z',
  events: [],
});

const routes = (extra = {}) => ({ 'GET /api/meta/resources': ok([CONTRACTS_SERVED]), 'GET /api/receipts': ok([]), ...extra });

describe('contract details', { timeout: 60_000 }, () => {
  it('shows every time of a contract in China time, and no raw ISO string', async () => {
    openShell(`/contract/details?id=${ID}`, routes({ [`GET /api/rest/contracts/${ID}`]: bare(completed) }), undefined, APPROVED);
    const pane = await findActivePane();
    expect(await within(pane).findByText('2026-11-25 12:15:17', {}, SLOW)).toBeInTheDocument(); // collateral paid
    expect(within(pane).getByText('2026-11-26 09:00:00')).toBeInTheDocument(); // delivered
    expect(within(pane).getByText('2026-11-28 00:30:00')).toBeInTheDocument(); // released, the next China day
    expect(pane.textContent).not.toMatch(ISO);
  });

  it('says the contract number is missing when opened without an id, as its sibling routes do', async () => {
    openShell('/contract/details', routes(), undefined, APPROVED);
    const pane = await findActivePane();
    expect(await within(pane).findByText('缺少合同编号，请从列表中打开', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).queryByText(/记录不存在/)).toBeNull();
  });

  it('heads the mutual-promise orders by their own name, not the contracts\' title', async () => {
    openShell('/contract/contractChain', routes({ 'GET /api/r/contracts': ok({ records: [], total: 0 }) }), undefined, APPROVED);
    const pane = await findActivePane();
    expect(await within(pane).findByRole('heading', { name: zhMenu.routes.contractChain }, SLOW)).toBeInTheDocument();
    expect(within(pane).queryByRole('heading', { name: '购销合同' })).toBeNull();
  });
});
