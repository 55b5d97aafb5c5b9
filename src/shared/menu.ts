// Routes and navigation per variant and permission, from schemas/menu.json and variants/*.json.
// Pure functions over statically imported JSON: the same answers in the browser and on the server.
import menuJson from '../../schemas/menu.json';
import { consolePath } from './consolePaths';
import { BUNDLED_VARIANTS } from './schema/variants';
import type { Layout, MenuFile, PermissionTag, RouteRender, Variant } from './schema/types';
import { walkMenu, type DeclaredRoute } from './schema/walk';

export type { Layout, PermissionTag, RouteRender, Variant } from './schema/types';

/** schemas/menu.json (validated at build, at server start and in tests). */
export const MENU = menuJson as unknown as MenuFile;

export type VariantId = keyof typeof BUNDLED_VARIANTS;
export const VARIANT_IDS = Object.keys(BUNDLED_VARIANTS) as VariantId[];
export const DEFAULT_VARIANT_ID: VariantId = 'main';
export const VARIANTS = BUNDLED_VARIANTS as unknown as Record<VariantId, Variant>;

export const isVariantId = (value: unknown): value is VariantId =>
  typeof value === 'string' && (VARIANT_IDS as readonly string[]).includes(value);

/** The variant of that id; throws for an unknown id (a misspelt VARIANT must fail the build, not fall back). */
export function getVariant(id: string): Variant {
  if (!isVariantId(id)) throw new Error(`Unknown variant '${id}' (known: ${VARIANT_IDS.join(', ')})`);
  return VARIANTS[id];
}

/** The route whose page is the variant's own home page (variant.homePage). */
export const HOME_ROUTE_KEY = 'home';
export const HOME_PATH = consolePath('home');
export const LOGIN_PATH = consolePath('login');
export const NOT_FOUND_PATH = consolePath('notFound');

/** One route of a variant, inheritance applied. */
export interface ResolvedRoute {
  key: string;
  path: string;
  /** Set on redirect-only routes (groups with a default child, /, /user, /user/recover). */
  redirect?: string;
  titleKey: string;
  icon: string;
  layout: Layout;
  /** SPEC §6 tag: dashboard | form | none. */
  permission: PermissionTag;
  /** The route is reachable when the role holds any of these; empty = any signed-in user. */
  permissionIds: readonly string[];
  /** Needs no sign-in. A redirect-only route takes the flag of its final target. */
  public: boolean;
  /** Not in navigation (menu.json or the variant), still routable. */
  hidden: boolean;
  /** What renders it; absent on redirect-only routes. /home renders the variant's homePage. */
  render?: RouteRender;
  /** Keys of the enclosing menu entries, outermost first (the menu's open keys). */
  parentKeys: readonly string[];
}

/** One entry of the navigation tree. Groups have children (and a path only if they redirect). */
export interface MenuItem {
  key: string;
  path?: string;
  titleKey: string;
  icon: string;
  children?: MenuItem[];
}

/** A variant given by id or as a parsed file (tests and tools pass files of their own). */
export type VariantInput = VariantId | Variant;

const variantOf = (input: VariantInput): Variant => (typeof input === 'string' ? getVariant(input) : input);

/** No variant: every declared route, nothing hidden or removed by a variant. */
const NO_VARIANT: Pick<Variant, 'hidden' | 'removed'> & Partial<Variant> = { hidden: [], removed: [] };

export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare.length > 1 && bare.endsWith('/') ? bare.replace(/\/+$/, '') || '/' : bare;
}

interface Resolution {
  routes: ResolvedRoute[];
  byPath: Map<string, ResolvedRoute>;
}

const cache = new WeakMap<MenuFile, WeakMap<object, Resolution>>();

function resolve(menu: MenuFile, variant: Pick<Variant, 'hidden' | 'removed'> & Partial<Variant>): Resolution {
  let perMenu = cache.get(menu);
  if (!perMenu) {
    perMenu = new WeakMap();
    cache.set(menu, perMenu);
  }
  const cached = perMenu.get(variant);
  if (cached) return cached;

  const removed = new Set(variant.removed);
  const hidden = new Set(variant.hidden);
  const declared = walkMenu(menu).filter((route) => !removed.has(route.key) && !route.parentKeys.some((key) => removed.has(key)));
  const routes: ResolvedRoute[] = declared
    .filter((route): route is DeclaredRoute & { path: string } => route.path !== undefined && (route.render !== undefined || route.redirect !== undefined))
    .map((route) => ({
      key: route.key,
      path: route.path,
      ...(route.redirect !== undefined ? { redirect: route.redirect } : {}),
      titleKey: route.titleKey,
      icon: route.icon,
      layout: route.layout,
      permission: route.permission,
      permissionIds: route.permissionIds,
      public: route.public,
      hidden: route.hidden || hidden.has(route.key) || route.parentKeys.some((key) => hidden.has(key)),
      ...(route.render ? { render: route.key === HOME_ROUTE_KEY && variant.homePage ? { page: variant.homePage } : route.render } : {}),
      parentKeys: route.parentKeys,
    }));
  const byPath = new Map(routes.map((route) => [route.path, route]));
  // A redirect-only route is public when the route it finally lands on is.
  for (const route of routes) {
    if (route.render) continue;
    let target: ResolvedRoute | undefined = route;
    for (let hops = 0; target?.redirect !== undefined && hops < 10; hops += 1) target = byPath.get(target.redirect);
    route.public = target?.render !== undefined && target.public;
  }
  const resolution = { routes, byPath };
  perMenu.set(variant, resolution);
  return resolution;
}

/** Every route of the variant (removed entries and their children gone), in menu order. */
export function resolveRoutes(variant: VariantInput, menu: MenuFile = MENU): ResolvedRoute[] {
  return resolve(menu, variantOf(variant)).routes;
}

/** The route at `path` (query and hash ignored). Without a variant: any route declared in menu.json. */
export function findRoute(path: string, variant?: VariantInput, menu: MenuFile = MENU): ResolvedRoute | undefined {
  return resolve(menu, variant === undefined ? NO_VARIANT : variantOf(variant)).byPath.get(normalizePath(path));
}

/** SPEC §2 "routes needing no sign-in" (see docs/decisions.md, Public routes). Unknown paths are not public. */
export function isPublicPath(path: string, variant?: VariantInput, menu: MenuFile = MENU): boolean {
  return findRoute(path, variant, menu)?.public ?? false;
}

/** Every path the variant's front end answers (the server's list of history-mode routes). */
export function routePaths(variant: VariantInput, menu: MenuFile = MENU): string[] {
  return resolveRoutes(variant, menu).map((route) => route.path);
}

export function isKnownPath(path: string, variant: VariantInput, menu: MenuFile = MENU): boolean {
  return findRoute(path, variant, menu) !== undefined;
}

/** Where a path finally lands after following redirects (the path itself if it renders). */
export function finalPath(path: string, variant?: VariantInput, menu: MenuFile = MENU): string | undefined {
  let route = findRoute(path, variant, menu);
  for (let hops = 0; route?.redirect !== undefined && hops < 10; hops += 1) route = findRoute(route.redirect, variant, menu);
  return route?.render ? route.path : undefined;
}

/** Every entry key of the variant's main-layout navigation (groups included), what menuTree asks `canOpen` about. */
export function menuKeys(variant: VariantInput, menu: MenuFile = MENU): string[] {
  const v = variantOf(variant);
  const gone = new Set([...v.hidden, ...v.removed]);
  return walkMenu(menu)
    .filter((route) => route.layout === 'main' && route.entry.hidden !== true && !gone.has(route.key))
    .map((route) => route.key);
}

/**
 * The navigation tree of the main layout (SPEC §6): hidden and removed entries are left out, an
 * entry appears only if `canOpen` says the caller may open it (the console asks its access
 * control), and a group without visible children disappears.
 */
export function menuTree(variant: VariantInput, canOpen: (route: DeclaredRoute) => boolean, menu: MenuFile = MENU): MenuItem[] {
  const v = variantOf(variant);
  const hiddenKeys = new Set(v.hidden);
  const removedKeys = new Set(v.removed);
  const routes = walkMenu(menu);
  const byPointer = new Map(routes.map((route) => [route.pointer, route]));

  const build = (route: DeclaredRoute): MenuItem | undefined => {
    if (removedKeys.has(route.key) || hiddenKeys.has(route.key) || route.entry.hidden === true || route.layout !== 'main') return undefined;
    if (!canOpen(route)) return undefined;
    const item: MenuItem = { key: route.key, titleKey: route.titleKey, icon: route.icon };
    if (route.path !== undefined) item.path = route.path;
    if (route.isGroup) {
      const children = (route.entry.children ?? [])
        .map((_, index) => byPointer.get(`${route.pointer}/children/${index}`))
        .map((child) => (child ? build(child) : undefined))
        .filter((child): child is MenuItem => child !== undefined);
      if (children.length === 0) return undefined;
      item.children = children;
      return item;
    }
    return route.render || route.redirect !== undefined ? item : undefined;
  };

  return menu.routes
    .map((_, index) => byPointer.get(`/routes/${index}`))
    .map((route) => (route ? build(route) : undefined))
    .filter((item): item is MenuItem => item !== undefined);
}

/**
 * The navigation tree for a role holding `permissionIds`, for tools and tests that have no
 * access control: an entry opens when its permission ids intersect the role's (canAccessRoute).
 */
export function visibleMenu(variant: VariantInput, permissionIds: readonly string[], menu: MenuFile = MENU): MenuItem[] {
  const granted = new Set(permissionIds);
  return menuTree(variant, (route) => route.permissionIds.length === 0 || route.permissionIds.some((id) => granted.has(id)), menu);
}

/** Leaf paths of a navigation tree, depth first (what a user can click). */
export function menuPaths(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => (item.children ? menuPaths(item.children) : item.path !== undefined ? [item.path] : []));
}
