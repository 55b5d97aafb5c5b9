// Flattens schemas/menu.json with inheritance applied: the one place that knows how a child
// takes layout, permission tag and permission ids from its parent. Used by the menu resolution
// and by the cross-file checks.
import type { Layout, MenuEntry, MenuFile, PermissionTag, RouteRender } from './types';

export interface DeclaredRoute {
  entry: MenuEntry;
  /** JSON pointer of the entry in menu.json, e.g. /routes/4/children/0 */
  pointer: string;
  key: string;
  path?: string;
  redirect?: string;
  titleKey: string;
  icon: string;
  render?: RouteRender;
  layout: Layout;
  permission: PermissionTag;
  permissionIds: string[];
  /** Pointers of the entries that declared `permission` and `permissionIds` (itself or an ancestor). */
  permissionSource: string;
  permissionIdsSource: string;
  /** Keys of the enclosing entries, outermost first. */
  parentKeys: string[];
  /** Hidden in menu.json, itself or through an ancestor. */
  hidden: boolean;
  /** Declared public in menu.json (redirect-only entries are resolved by the menu module). */
  public: boolean;
  isGroup: boolean;
}

interface Inherited {
  layout: Layout;
  permission: PermissionTag;
  permissionIds: string[];
  permissionSource: string;
  permissionIdsSource: string;
  parentKeys: string[];
  hidden: boolean;
}

export function walkMenu(menu: MenuFile): DeclaredRoute[] {
  const out: DeclaredRoute[] = [];
  const visit = (entry: MenuEntry, pointer: string, inherited: Inherited) => {
    const own: Inherited = {
      layout: entry.layout ?? inherited.layout,
      permission: entry.permission ?? inherited.permission,
      permissionIds: entry.permissionIds ?? inherited.permissionIds,
      permissionSource: entry.permission !== undefined ? pointer : inherited.permissionSource,
      permissionIdsSource: entry.permissionIds !== undefined ? pointer : inherited.permissionIdsSource,
      parentKeys: inherited.parentKeys,
      hidden: inherited.hidden || entry.hidden === true,
    };
    out.push({
      entry,
      pointer,
      key: entry.key,
      path: entry.path,
      redirect: entry.redirect,
      titleKey: entry.titleKey,
      icon: entry.icon,
      render: entry.render,
      ...own,
      public: entry.public === true,
      isGroup: (entry.children?.length ?? 0) > 0,
    });
    entry.children?.forEach((child, index) =>
      visit(child, `${pointer}/children/${index}`, { ...own, parentKeys: [...inherited.parentKeys, entry.key] }),
    );
  };
  const root: Inherited = {
    layout: 'main',
    permission: 'none',
    permissionIds: [],
    permissionSource: '',
    permissionIdsSource: '',
    parentKeys: [],
    hidden: false,
  };
  menu.routes.forEach((entry, index) => visit(entry, `/routes/${index}`, root));
  return out;
}
