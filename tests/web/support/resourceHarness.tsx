// Renders one resource route the way the console mounts it (router, antd locale, the bridge the
// HTTP client reports through, the one <Refine> with the real providers and the domain's slot
// contents), against fakeApi routes that answer like the real server: definitions from
// schemas/resources, profile, records.
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeAll } from 'vitest';
import { BrowserRouter, Route, Routes } from 'react-router';
import contracts from '../../../schemas/resources/contracts.json';
import invoiceRequests from '../../../schemas/resources/invoiceRequests.json';
import type { Profile, UserInfo } from '../../../src/shared/api';
import { permissionsForRole } from '../../../src/shared/permissions';
import type { ResourceDefinition, ResourceRecord } from '../../../src/shared/resources/types';
import { AntdLocale } from '../../../src/web/theme/AntdLocale';
import { i18nProvider } from '../../../src/web/i18n/i18nProvider';
import { authProvider } from '../../../src/web/providers/authProvider';
import { dataProviders } from '../../../src/web/providers/dataProviders';
import { SLOTS } from '../../../src/web/pages/slots';
import { forgetProfile } from '../../../src/web/providers/profile';
import { ProfileGate } from '../../../src/web/session/ProfileGate';
import { accessControlProvider } from '../../../src/web/refine/accessControl';
import { REFINE_RESOURCES } from '../../../src/web/refine/resources';
import ResourceRoute from '../../../src/web/resources/ResourceRoute';
import { SlotProvider } from '../../../src/web/resources/slots';
import { UiBridge } from '../../../src/web/routing/UiBridge';
import { resourceDefinition } from '../../support/resource-definitions';
import { ok, storeSession, USER_INFO, type Reply } from './fakeApi';

// The generated pages are lazy chunks that pull @refinedev/antd; loading them for the first time
// in jsdom takes seconds on a busy machine, which would count against the first test's waits.
beforeAll(async () => {
  await Promise.all([import('../../../src/web/resources/ResourceList'), import('../../../src/web/resources/ResourceShow'), import('../../../src/web/resources/ResourceFormPage')]);
}, 120_000);

export const OFFERS = resourceDefinition('purchaseOffers');
export const INVOICES = invoiceRequests as unknown as ResourceDefinition;
export const CONTRACTS = contracts as unknown as ResourceDefinition;
export const OFFERS_PATH = '/outgoing/chainPayment';

/** GET /api/user/info of a role of schemas/permissions.json (owner, viewer, purchaser, ...). */
export const profileOf = (role: string): Profile => ({ id: `u-${role}`, name: '张三', avatar: '', role: { id: role, name: role, permissions: permissionsForRole(role) } });

let seq = 0;
/** A purchase offer as the server sends it: declared fields plus the system fields. */
export function offer(extra: Partial<ResourceRecord> = {}): ResourceRecord {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    accountId: 'a-1', // the account of the stored session (USER_INFO)
    state: 'draft',
    version: 1,
    createdAt: '2026-03-01T02:30:00.000Z',
    createdBy: 'u-owner',
    updatedAt: '2026-03-01T02:30:00.000Z',
    updatedBy: 'u-owner',
    title: `采购螺纹钢 第${seq}批`,
    category: 'rawMaterial',
    goodsName: '螺纹钢',
    unit: 'ton',
    quantity: 12,
    unitPrice: '4000.00',
    amount: '1234567.50',
    deliveryDate: '2026-12-05',
    validUntil: '2099-12-31',
    deliveryRegion: ['33', '3301', '330106'],
    ...extra,
  };
}

/** The routes every resource page needs: the profile and the definitions the role may query. */
export function baseRoutes(role = 'owner', definitions: ResourceDefinition[] = [OFFERS, INVOICES]): Record<string, Reply> {
  return { 'GET /api/user/info': ok(profileOf(role)), 'GET /api/meta/resources': ok(definitions) };
}

/** `scope`, `states`: the route's fixed list scope and states (menu.json render.scope, render.states). */
export function renderResource(
  path: string,
  { resource = 'purchaseOffers', routePath = OFFERS_PATH, scope, states, userInfo = USER_INFO }: { resource?: string; routePath?: string; scope?: string; states?: string[]; userInfo?: UserInfo } = {},
) {
  storeSession('token-abc', userInfo);
  forgetProfile();
  window.history.replaceState(null, '', path);
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <BrowserRouter>
      <Suspense fallback={null}>
        <AntdLocale>
          <UiBridge />
          {/* Resources registered as the console registers them (under their route keys). */}
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProviders}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            accessControlProvider={accessControlProvider}
            resources={REFINE_RESOURCES}
            options={{ disableTelemetry: true, syncWithLocation: false }}
          >
            <SlotProvider registry={SLOTS}>
              {/* The caller loaded as the console loads it (refine's getIdentity), with its ability. */}
              <ProfileGate>
                <Routes>
                  <Route path={`${routePath}/*`} element={<ResourceRoute resource={resource} route={{ path: routePath, render: scope ? { resource, scope, ...(states ? { states } : {}) } : undefined }} />} />
                </Routes>
              </ProfileGate>
            </SlotProvider>
          </Refine>
        </AntdLocale>
      </Suspense>
    </BrowserRouter>,
  );
  return { user, ...view };
}

/** Where the browser is now: path and query. */
export const location = () => `${window.location.pathname}${window.location.search}`;
