import { MENU, normalizePath, type MenuItem, type ResolvedRoute, type Variant } from '../../shared/menu';
import { LANGUAGES } from '../../shared/constants';
import type { MenuFile } from '../../shared/schema/types';
import { walkMenu } from '../../shared/schema/walk';
import type { ResourceDefinition } from '../../shared/resources/types';
import { i18n } from '../i18n';
import { VARIANT } from '../variant';
import { resourceSubPath } from './paths';

// Resource files added at run time (no TypeScript, no menu.json edit): a definition with a `menu`
// block that no menu.json route renders becomes a console route of its own, placed under the
// menu.json group `menu.parent`. The server's definitions list is the source, so the routes are
// known once it has loaded; until then `runtimeRoutesReady()` is false.

/** A route of a runtime resource: a ResolvedRoute like menu.json's, plus its menu group. */
export interface RuntimeResourceRoute extends ResolvedRoute {
  /** The menu.json group it is listed under (definition.menu.parent). */
  parent: string;
}

/** Its menu key; prefixed so it cannot collide with a menu.json key. */
export const runtimeRouteKey = (resource: string) => `res-${resource}`;

/** The routes of `definitions` that menu.json does not declare, for `variant`. */
export function runtimeResourceRoutes(definitions: readonly ResourceDefinition[], variant: Pick<Variant, 'hidden' | 'removed'> = VARIANT, menu: MenuFile = MENU): RuntimeResourceRoute[] {
  const declared = walkMenu(menu);
  const groups = new Map(declared.map((route) => [route.key, route]));
  // A route rendering the resource for platform operations (render.scope ops: /ops/deposits) is
  // their view of every account's records, not the account's own page: the menu block still makes that.
  const rendered = new Set(declared.flatMap((route) => (route.render && 'resource' in route.render && route.render.scope !== 'ops' ? [route.render.resource] : [])));
  const paths = new Set(declared.flatMap((route) => (route.path ? [route.path] : [])));
  const removed = new Set(variant.removed);
  const hidden = new Set(variant.hidden);
  return definitions.flatMap((definition): RuntimeResourceRoute[] => {
    const menuBlock = definition.menu;
    if (!menuBlock || rendered.has(definition.name) || paths.has(menuBlock.path)) return [];
    const parent = groups.get(menuBlock.parent);
    const lineage = parent ? [...parent.parentKeys, parent.key] : [];
    if (!parent || lineage.some((key) => removed.has(key))) return [];
    const key = runtimeRouteKey(definition.name);
    return [
      {
        key,
        path: normalizePath(menuBlock.path),
        titleKey: `routes.${key}`,
        icon: menuBlock.icon,
        layout: parent.layout,
        permission: parent.permission,
        // Exactly what the server checks for the resource's pages.
        permissionIds: [definition.permissionId],
        public: false,
        hidden: menuBlock.hidden === true || parent.hidden || lineage.some((k) => hidden.has(k)),
        render: { resource: definition.name },
        parentKeys: lineage,
        parent: parent.key,
      },
    ];
  });
}

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
  current = runtimeResourceRoutes(definitions);
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
export function withRuntimeMenuEntries(tree: readonly MenuItem[], routes: readonly RuntimeResourceRoute[] = current): MenuItem[] {
  const shown = routes.filter((route) => !route.hidden);
  if (shown.length === 0) return tree as MenuItem[];
  const place = (item: MenuItem): MenuItem => {
    if (!item.children) return item;
    const extra = shown.filter((route) => route.parent === item.key).map((route) => ({ key: route.key, path: route.path, titleKey: route.titleKey, icon: route.icon }));
    return { ...item, children: [...item.children.map(place), ...extra] };
  };
  return tree.map(place);
}
