// Renders the authentication pages the way the console mounts them (router, antd locale, the
// bridge the HTTP client reports through, the one <Refine> with the real providers and access
// control, the page chosen by schemas/menu.json through the page registry), against fakeApi
// routes answering like the server: form definitions from schemas/forms, profile, status.
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import enterpriseAuth from '../../../schemas/forms/enterpriseAuth.json';
import personalAuth from '../../../schemas/forms/personalAuth.json';
import type { Profile, UserInfo } from '../../../src/shared/api';
import { permissionsForUser } from '../../../src/shared/permissions';
import type { FormDefinition } from '../../../src/shared/resources/types';
import { AntdLocale } from '../../../src/web/theme/AntdLocale';
import { i18nProvider } from '../../../src/web/i18n/i18nProvider';
import { accessControlProvider } from '../../../src/web/refine/accessControl';
import { CONSOLE_ROUTES, REFINE_RESOURCES } from '../../../src/web/refine/resources';
import { authProvider } from '../../../src/web/providers/authProvider';
import { dataProviders } from '../../../src/web/providers/dataProviders';
import { forgetProfile } from '../../../src/web/providers/profile';
import { ProfileGate } from '../../../src/web/session/ProfileGate';
import { RoutePage } from '../../../src/web/routing/RoutePage';
import { UiBridge } from '../../../src/web/routing/UiBridge';
import { ok, storeSession, USER_INFO, type Reply } from './fakeApi';

export const ENTERPRISE_FORM = enterpriseAuth as unknown as FormDefinition;
export const PERSONAL_FORM = personalAuth as unknown as FormDefinition;

/** GET /api/user/info of `role` on an account with `authStatus` (trading withheld until approved). */
export const profileOf = (role: string, authStatus: UserInfo['authStatus'] = 'unverified'): Profile => ({
  id: `u-${role}`,
  name: '张三',
  avatar: '',
  role: { id: role, name: role, permissions: permissionsForUser(role, authStatus) },
});

/** Six uploads as GET /api/files/:id describes them (a signed URL, as the server sends). */
export const FILE_IDS = Array.from({ length: 6 }, (_, i) => `0000000${i}-0000-4000-8000-00000000000${i}`);
export function fileRoutes(ids: readonly string[] = FILE_IDS): Record<string, Reply> {
  return Object.fromEntries(
    ids.map((id, i) => [`GET /api/files/${id}`, ok({ id, name: `photo-${i + 1}.png`, type: 'image/png', size: 68, url: `/api/files/${id}/content?expires=1&sig=abc${i}` })]),
  );
}

/** A complete, valid enterprise submission (the values of tests/api/authentication.test.ts). */
export const ENTERPRISE_DATA = {
  name: '杭州链上付测试科技有限公司',
  creditCode: '91350100M000100Y43',
  location: ['33', '3301', '330106'],
  address: '文三路 90 号 5 楼',
  industry: '65',
  legalName: '张三',
  legalIdImages: FILE_IDS.slice(0, 3),
  legalIdExpiry: 'longTerm',
  legalPhone: '13912345678',
  bankAccountName: '杭州链上付测试科技有限公司',
  bankAccount: '3301040160000123456',
  bankBranch: { bank: '中国工商银行', region: ['33', '3301', '330106'], branch: '杭州文三路支行' },
  openingPermit: [FILE_IDS[3]],
  indoorPhoto: [FILE_IDS[4]],
  doorPhoto: [FILE_IDS[5]],
};

/** The definitions the server serves and the profile: what every authentication page needs. */
export function formRoutes(role = 'owner', authStatus: UserInfo['authStatus'] = 'unverified'): Record<string, Reply> {
  return {
    'GET /api/user/info': ok(profileOf(role, authStatus)),
    'GET /api/meta/forms/enterpriseAuth': ok(ENTERPRISE_FORM),
    'GET /api/meta/forms/personalAuth': ok(PERSONAL_FORM),
  };
}

/** Signs in (the token; the server knows the user info) and renders the console route at `path`. */
export function renderPage(path: string, userInfo: Partial<UserInfo> = {}) {
  storeSession('token-abc', { ...USER_INFO, ...userInfo });
  forgetProfile();
  window.history.replaceState(null, '', path);
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <BrowserRouter>
      <Suspense fallback={null}>
        <AntdLocale>
          <UiBridge />
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProviders}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            accessControlProvider={accessControlProvider}
            resources={REFINE_RESOURCES}
            options={{ disableTelemetry: true, syncWithLocation: false }}
          >
            <Suspense fallback={null}>
              {/* The caller loaded as the console loads it (refine's getIdentity), with its ability. */}
              <ProfileGate>
                <Routes>
                  {CONSOLE_ROUTES.filter((route) => ['businessAuthentication', 'authenticationSubmitted', 'opsAuthentication'].includes(route.key)).map((route) => (
                    <Route key={route.key} path={route.path} element={<RoutePage route={route} />} />
                  ))}
                  <Route path="/home" element={<h1>home</h1>} />
                </Routes>
              </ProfileGate>
            </Suspense>
          </Refine>
        </AntdLocale>
      </Suspense>
    </BrowserRouter>,
  );
  return { user, ...view };
}

/** Where the browser is now: path and query. */
export const location = () => `${window.location.pathname}${window.location.search}`;

const buttonsOf = (scope: ParentNode, name: RegExp) => [...scope.querySelectorAll('button')].find((button) => name.test((button.textContent ?? '').trim())) ?? null;

/**
 * The button whose text matches (antd spaces two-character labels: 提 交). Role queries compute
 * the accessibility tree, which takes seconds on pages this size; a button's text is enough here.
 */
export const findButton = (name: RegExp, scope: ParentNode = document) =>
  waitFor(() => {
    const found = buttonsOf(scope, name);
    if (!found) throw new Error(`no button ${String(name)}`);
    return found;
  });
export const queryButton = (name: RegExp, scope: ParentNode = document) => buttonsOf(scope, name);

/** The open antd modal or drawer whose title is `title`. */
export const findPanel = (title: string, kind: 'modal' | 'drawer') =>
  waitFor(() => {
    const found = [...document.querySelectorAll(kind === 'modal' ? '.ant-modal-content' : '.ant-drawer-content')].find(
      (panel) => panel.querySelector(kind === 'modal' ? '.ant-modal-title' : '.ant-drawer-title')?.textContent === title,
    );
    if (!found) throw new Error(`no ${kind} titled ${title}`);
    return found as HTMLElement;
  });
