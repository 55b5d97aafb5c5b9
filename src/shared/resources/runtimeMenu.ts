import { MENU, normalizePath, type MenuItem, type ResolvedRoute, type Variant } from '../menu';
import type { MenuFile } from '../schema/types';
import { walkMenu } from '../schema/walk';
import type { ResourceDefinition } from './types';

// Resource files added at run time (no TypeScript, no menu.json edit): a definition with a `menu`
// block that no menu.json route renders becomes a console route of its own, placed under the
// menu.json group `menu.parent`. Pure, so the console and the tests compute the same menu.

/** A route of a runtime resource: a ResolvedRoute like menu.json's, plus its menu group. */
export interface RuntimeResourceRoute extends ResolvedRoute {
  /** The menu.json group it is listed under (definition.menu.parent). */
  parent: string;
}

/** Its menu key; prefixed so it cannot collide with a menu.json key. */
export const runtimeRouteKey = (resource: string) => `res-${resource}`;

/** The routes of `definitions` that menu.json does not declare, for `variant`. */
export function runtimeResourceRoutes(definitions: readonly ResourceDefinition[], variant: Pick<Variant, 'hidden' | 'removed'>, menu: MenuFile = MENU): RuntimeResourceRoute[] {
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

/** The navigation tree with the visible runtime entries appended to their groups. */
export function withRuntimeMenuEntries(tree: readonly MenuItem[], routes: readonly RuntimeResourceRoute[]): MenuItem[] {
  const shown = routes.filter((route) => !route.hidden);
  if (shown.length === 0) return tree as MenuItem[];
  const place = (item: MenuItem): MenuItem => {
    if (!item.children) return item;
    const extra = shown.filter((route) => route.parent === item.key).map((route) => ({ key: route.key, path: route.path, titleKey: route.titleKey, icon: route.icon }));
    return { ...item, children: [...item.children.map(place), ...extra] };
  };
  return tree.map(place);
}
