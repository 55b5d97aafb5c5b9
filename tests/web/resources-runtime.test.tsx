// A resource file added at run time (a `menu` block, no menu.json route) gets a console route,
// a menu entry under its group, its title and its pages, all from GET /api/meta/resources.
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { visibleMenu, type MenuItem } from '../../src/shared/menu';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { i18n } from '../../src/web/i18n';
import { publishRuntimeRoutes, runtimeResourceRoutes, runtimeRouteOf, withRuntimeMenuEntries } from '../../src/web/refine/runtimeRoutes';
import deposits from '../../schemas/resources/deposits.json';
import { WAREHOUSES } from '../support/schema-root';
import { fakeApi, ok, shellRoutes, storeSession, USER_INFO } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { renderApp } from './support/renderApp';
import { baseRoutes, location, OFFERS, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

const warehouses = WAREHOUSES as unknown as ResourceDefinition;

describe('runtime resource routes', () => {
  it('routes a definition that menu.json does not, under its menu group', () => {
    const routes = runtimeResourceRoutes([OFFERS, warehouses], { hidden: [], removed: [] });
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      key: 'res-warehouses',
      path: '/operator/warehouses',
      titleKey: 'routes.res-warehouses',
      icon: 'HomeOutlined',
      layout: 'main',
      permissionIds: ['account'],
      render: { resource: 'warehouses' },
      parentKeys: ['accountCentre'],
      parent: 'accountCentre',
      hidden: false,
      public: false,
    });
    expect(runtimeRouteOf('/operator/warehouses', routes)?.key).toBe('res-warehouses');
    expect(runtimeRouteOf('/operator/warehouses/show/abc', routes)?.key).toBe('res-warehouses');
    expect(runtimeRouteOf('/operator/warehousesX', routes)).toBeUndefined();
    // A removed group takes its runtime children with it.
    expect(runtimeResourceRoutes([warehouses], { hidden: [], removed: ['accountCentre'] })).toEqual([]);

    const tree = withRuntimeMenuEntries(visibleMenu('main', ['dashboard', 'account']), routes);
    const group = tree.find((item) => item.key === 'accountCentre') as MenuItem;
    expect(group.children?.at(-1)).toEqual({ key: 'res-warehouses', path: '/operator/warehouses', titleKey: 'routes.res-warehouses', icon: 'HomeOutlined' });
  });

  it("routes a resource's own page even where an ops route renders it for platform operations", () => {
    // deposits.json has its menu block (/payment/deposits); /ops/deposits (render.scope ops) is the ops view.
    const [route, ...others] = runtimeResourceRoutes([deposits as unknown as ResourceDefinition], { hidden: [], removed: [] });
    expect(others).toEqual([]);
    expect(route).toMatchObject({ key: 'res-deposits', path: '/payment/deposits', permissionIds: ['funds'], render: { resource: 'deposits' }, parent: 'payment' });
  });

  it('titles the entry in the menu namespace in both languages', async () => {
    await i18n.loadNamespaces('menu');
    publishRuntimeRoutes([OFFERS, warehouses]);
    expect(i18n.t('menu:routes.res-warehouses')).toBe('仓库管理');
    expect(i18n.getFixedT('en-US', 'menu')('routes.res-warehouses')).toBe('Warehouses');
  });

  const WAREHOUSE = { id: 'w1', accountId: 'a-1', state: 'active', version: 1, name: '杭州一号仓', kind: 'cold', capacity: 1200, rent: '35000.00', region: ['33', '3301', '330106'], createdAt: '2026-03-01T02:30:00.000Z', createdBy: 'u', updatedAt: '2026-03-01T02:30:00.000Z', updatedBy: 'u' };

  it('renders the generated list of the runtime resource', async () => {
    const api = fakeApi({ ...baseRoutes('owner', [OFFERS, warehouses]), 'GET /api/r/warehouses': ok({ records: [WAREHOUSE], total: 1 }) });
    renderResource('/operator/warehouses', { resource: 'warehouses', routePath: '/operator/warehouses' });
    expect(await screen.findByText('杭州一号仓')).toBeInTheDocument();
    expect(screen.getByText('冷库')).toBeInTheDocument();
    expect(screen.getByText('35,000.00')).toBeInTheDocument();
    expect(screen.getByText('使用中')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/r/warehouses')[0].query.get('sort')).toBe('-createdAt'));
    // Each resource's labels are an i18next namespace of their own, in both languages.
    expect(i18n.t('res.warehouses:enums.kind.cold')).toBe('冷库');
    expect(i18n.getFixedT('en-US', 'res.purchaseOffers')('title')).toBe('Purchase offers');
  });

  it('lives in the console like a menu.json page: menu entry under its group, title, list and record pages', async () => {
    fakeApi({
      ...shellRoutes(),
      ...baseRoutes('owner', [OFFERS, warehouses]),
      'GET /api/system/users/info': ok(USER_INFO),
      'GET /api/r/warehouses': ok({ records: [WAREHOUSE], total: 1 }),
      'GET /api/rest/warehouses/w1': bare({ ...WAREHOUSE, events: [] }),
    });
    storeSession();
    const { user } = renderApp('/operator/warehouses');
    expect(await screen.findByText('杭州一号仓')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '仓库管理' })).toHaveAttribute('href', '/operator/warehouses');
    await waitFor(() => expect(document.title).toMatch(/^仓库管理 - /));
    await user.click(screen.getByRole('link', { name: '查看' }));
    await waitFor(() => expect(location()).toBe('/operator/warehouses/show/w1'));
    expect(await screen.findByText('仓库信息')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /停\s*用/ })).toBeInTheDocument();
  });
});
