// The multi-tab bar's rules (SPEC §2 Multi-tab bar), as pure functions over the list of open tabs.
// One tab per visited route (keyed by path; the query of the last visit is kept). The last
// remaining tab cannot be closed; closing left or right of a tab with nothing there is refused.

export interface TabLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface Tab {
  /** The route path: one tab per route. */
  key: string;
  location: TabLocation;
}

export type TabRefusal = 'lastTab' | 'noLeft' | 'noRight';

export type CloseResult = { ok: true; tabs: Tab[] } | { ok: false; reason: TabRefusal };

const sameLocation = (a: TabLocation, b: TabLocation) => a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;

export const tabOf = (location: TabLocation): Tab => ({
  key: location.pathname,
  location: { pathname: location.pathname, search: location.search, hash: location.hash },
});

/** Opens a tab for the location, or points its route's tab at it. Unchanged input when nothing changes. */
export function visit(tabs: readonly Tab[], location: TabLocation): Tab[] {
  const index = tabs.findIndex((tab) => tab.key === location.pathname);
  if (index === -1) return [...tabs, tabOf(location)];
  if (sameLocation(tabs[index].location, location)) return tabs as Tab[];
  return tabs.map((tab, i) => (i === index ? tabOf(location) : tab));
}

export function closeTab(tabs: readonly Tab[], key: string): CloseResult {
  if (tabs.length <= 1) return { ok: false, reason: 'lastTab' };
  return { ok: true, tabs: tabs.filter((tab) => tab.key !== key) };
}

export function closeLeft(tabs: readonly Tab[], key: string): CloseResult {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index <= 0) return { ok: false, reason: 'noLeft' };
  return { ok: true, tabs: tabs.slice(index) };
}

export function closeRight(tabs: readonly Tab[], key: string): CloseResult {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index === -1 || index === tabs.length - 1) return { ok: false, reason: 'noRight' };
  return { ok: true, tabs: tabs.slice(0, index + 1) };
}

/** Closes every tab but the one asked on (one must remain); refused when it is already the only one. */
export function closeAll(tabs: readonly Tab[], key: string): CloseResult {
  if (tabs.length <= 1) return { ok: false, reason: 'lastTab' };
  return { ok: true, tabs: tabs.filter((tab) => tab.key === key) };
}

/**
 * Does the tab show the record `id` (its show or edit page, or a page opened with ?id=)? Such a
 * tab is closed when the record is deleted: left open, it would read the record again (a 404).
 */
export function showsRecord(location: TabLocation, id: string): boolean {
  const segments = location.pathname.split('/');
  const [page, last] = segments.slice(-2);
  const decoded = (() => {
    try {
      return decodeURIComponent(last ?? '');
    } catch {
      return last;
    }
  })();
  if ((page === 'show' || page === 'edit') && decoded === id) return true;
  return new URLSearchParams(location.search).get('id') === id;
}

/** Where to go when the active tab was closed: its right neighbour, else its left one. */
export function nextActive(before: readonly Tab[], after: readonly Tab[], activeKey: string): Tab | null {
  if (after.some((tab) => tab.key === activeKey)) return null;
  const index = before.findIndex((tab) => tab.key === activeKey);
  const survivors = new Set(after.map((tab) => tab.key));
  const right = before.slice(index + 1).find((tab) => survivors.has(tab.key));
  const left = [...before.slice(0, Math.max(index, 0))].reverse().find((tab) => survivors.has(tab.key));
  return right ?? left ?? after[0] ?? null;
}
