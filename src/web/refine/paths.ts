// Sub-pages of a resource live under its list path: <path>/create, <path>/show/:id,
// <path>/edit/:id. ResourceRoute routes them itself, so the console's route table only needs to
// send every path below a resource route to it (resourceSubPath tells which ones are).

export type ResourcePage = { page: 'list' } | { page: 'create' } | { page: 'show'; id: string } | { page: 'edit'; id: string };

export const recordPath = (basePath: string, page: 'show' | 'edit', id: string) => `${basePath}/${page}/${encodeURIComponent(id)}`;
export const createPath = (basePath: string) => `${basePath}/create`;

const SUB_PATH = /^\/(?:(create)|(show|edit)\/([^/]+))\/?$/;

/** Which page of the resource at `basePath` a pathname is; null when it is none of them. */
export function resourceSubPath(basePath: string, pathname: string): ResourcePage | null {
  const base = basePath.replace(/\/+$/, '');
  if (pathname === base || pathname === `${base}/`) return { page: 'list' };
  if (!pathname.startsWith(`${base}/`)) return null;
  const match = SUB_PATH.exec(pathname.slice(base.length));
  if (!match) return null;
  if (match[1]) return { page: 'create' };
  let id: string;
  try {
    id = decodeURIComponent(match[3]);
  } catch {
    return null;
  }
  return { page: match[2] as 'show' | 'edit', id };
}

/**
 * The resource route a sub-page path belongs to, for the console's route lookup: the longest
 * `routes` path of which `pathname` is a create, show or edit page.
 */
export function routeOfResourcePage<R extends { path: string }>(pathname: string, routes: readonly R[]): R | undefined {
  let best: R | undefined;
  for (const route of routes) {
    const page = resourceSubPath(route.path, pathname);
    if (page && page.page !== 'list' && (!best || route.path.length > best.path.length)) best = route;
  }
  return best;
}
