// The signed-in console for component tests: a stored session, the owner's profile and the
// start-up calls answered (fakeApi), then the whole app at a path.
import { configure, screen, within } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Profile, UserInfo } from '../../../src/shared/api';
import { roleFor } from '../../../src/shared/permissions';
import { forgetProfile } from '../../../src/web/providers/profile';
import { fakeApi, ok, PROFILE, shellRoutes, storeSession, type Route } from './fakeApi';
import { renderApp } from './renderApp';

// The whole console renders in these tests (antd, refine, every start-up call): on a busy
// machine its first render alone can take seconds, so waits are longer than the default.
configure({ asyncUtilTimeout: 15_000 });

export const OWNER: Profile = { ...PROFILE, role: roleFor('owner') };

export function openShell(path: string, routes: Record<string, Route> = {}, profile: Profile = OWNER, userInfo?: UserInfo) {
  storeSession(undefined, userInfo);
  forgetProfile(); // the profile is kept per page load; each test is a new one
  const api = fakeApi({ ...shellRoutes(), 'GET /api/user/info': ok(profile), ...routes });
  // antd sets pointer-events on animating popups; the user in these tests does not wait for them.
  const rendered = renderApp(path, { pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { api, ...rendered };
}

/** The side menu (antd's inline menu in the sider). */
export const sideMenu = () => document.querySelector<HTMLElement>('.shell-sider')!;
export const menuLink = (name: string) => within(sideMenu()).getByRole('link', { name });

/** Titles of the tab bar, in order. */
export const tabTitles = () => [...document.querySelectorAll('.shell-tabs .ant-tabs-tab .shell-tabs__label')].map((el) => el.textContent);

/** The page of the active tab (the others stay mounted, hidden). */
export const activePane = () => document.querySelector<HTMLElement>('.shell-pane:not([hidden])')!;

export const findActivePane = async () => {
  await screen.findByRole('tablist');
  return activePane();
};
