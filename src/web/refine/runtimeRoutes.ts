import { normalizePath, type MenuItem } from '../../shared/menu';
import { LANGUAGES } from '../../shared/constants';
import type { ResourceDefinition } from '../../shared/resources/types';
import { runtimeResourceRoutes, withRuntimeMenuEntries as withEntries, type RuntimeResourceRoute } from '../../shared/resources/runtimeMenu';
import { i18n } from '../i18n';
import { VARIANT } from '../variant';
import { resourceSubPath } from './paths';

// The console's copy of the runtime resource routes (src/shared/resources/runtimeMenu.ts): the
// server's definitions list is the source, so the routes are known once it has loaded; until then
// `runtimeRoutesReady()` is false.

export { runtimeResourceRoutes, runtimeRouteKey, type RuntimeResourceRoute } from '../../shared/resources/runtimeMenu';

// The latest routes, for the console's synchronous route lookups (findConsoleRoute).
let current: RuntimeResourceRoute[] = [];
let ready = false;
let titles: Map<string, Record<string, string>> = new Map();

/** Menu titles live in the `menu` namespace (routes.<key>), where the shell looks every title up. */
function applyTitles() {
  for (const [key, byLanguage] of titles) {
    for (const language of LANGUAGES) {
      // Only into a loaded bundle: the backend's later load would replace `routes` wholesale.
      if (i18n.hasResourceBundle(language, 'menu')) i18n.addResource(language, 'menu', `routes.${key}`, byLanguage[language]);
    }
  }
}
i18n.on('loaded', applyTitles);

/** Called with every definitions list the server sends (definitions.ts). */
export function publishRuntimeRoutes(definitions: readonly ResourceDefinition[]): void {
  current = runtimeResourceRoutes(definitions, VARIANT);
  ready = true;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  titles = new Map(current.map((route) => {
    const labels = byName.get((route.render as { resource: string }).resource)!.labels;
    return [route.key, Object.fromEntries(LANGUAGES.map((language) => [language, labels[language].title]))];
  }));
  applyTitles();
}

export const runtimeRoutesReady = (): boolean => ready;
export const getRuntimeRoutes = (): readonly RuntimeResourceRoute[] => current;

/** The runtime route at `pathname`, or whose create/show/edit page it is. */
export function runtimeRouteOf(pathname: string, routes: readonly RuntimeResourceRoute[] = current): RuntimeResourceRoute | undefined {
  const path = normalizePath(pathname);
  return routes.find((route) => route.path === path) ?? routes.find((route) => resourceSubPath(route.path, path) !== null);
}

/** The navigation tree with the visible runtime entries appended to their groups. */
export const withRuntimeMenuEntries = (tree: readonly MenuItem[], routes: readonly RuntimeResourceRoute[] = current): MenuItem[] => withEntries(tree, routes);
