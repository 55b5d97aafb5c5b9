import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { closeAll, closeLeft, closeRight, closeTab, nextActive, tabOf, visit, type CloseResult, type Tab, type TabLocation, type TabRefusal } from './tabsModel';

const href = (location: TabLocation) => `${location.pathname}${location.search}${location.hash}`;

export interface TabsApi {
  /** Open tabs in order; with multi-tab off, only the current page. */
  tabs: Tab[];
  activeKey: string;
  select(key: string): void;
  /** Each returns why it was refused, or null when done. */
  close(key: string): TabRefusal | null;
  closeLeft(key: string): TabRefusal | null;
  closeRight(key: string): TabRefusal | null;
  closeAll(key: string): TabRefusal | null;
  /** Closes every tab `drop` picks, without refusal (the last one too), and goes to `to`. */
  leave(drop: (location: TabLocation) => boolean, to: string): void;
}

/** The open tabs, following navigation; closing the active tab moves to its neighbour. */
export function useTabs(enabled: boolean): TabsApi {
  const location = useLocation();
  const navigate = useNavigate();
  const [stored, setStored] = useState<Tab[]>([]);
  const { pathname, search, hash } = location;
  const current = useMemo(() => tabOf({ pathname, search, hash }), [pathname, search, hash]);

  // Only the location just visited is added: a tab closed a moment ago is not re-opened.
  useEffect(() => {
    setStored((tabs) => (enabled ? visit(tabs, current.location) : []));
  }, [enabled, current]);

  // The current page is shown at once, before the effect above has recorded it.
  const tabs = useMemo(() => {
    if (!enabled) return [current];
    return stored.some((tab) => tab.key === current.key) ? stored.map((tab) => (tab.key === current.key ? current : tab)) : [...stored, current];
  }, [enabled, stored, current]);

  // Stable: MainLayout hands it to the pages through a context (resources/leaveRecord.ts).
  const leave = useCallback(
    (drop: (location: TabLocation) => boolean, to: string) => {
      setStored((open) => open.filter((tab) => !drop(tab.location)));
      navigate(to);
    },
    [navigate],
  );

  const apply = (result: CloseResult): TabRefusal | null => {
    if (!result.ok) return result.reason;
    const target = nextActive(tabs, result.tabs, current.key);
    setStored(result.tabs);
    if (target) navigate(href(target.location));
    return null;
  };

  return {
    tabs,
    activeKey: current.key,
    select: (key) => {
      const tab = tabs.find((candidate) => candidate.key === key);
      if (tab && key !== current.key) navigate(href(tab.location));
    },
    close: (key) => apply(closeTab(tabs, key)),
    closeLeft: (key) => apply(closeLeft(tabs, key)),
    closeRight: (key) => apply(closeRight(tabs, key)),
    closeAll: (key) => apply(closeAll(tabs, key)),
    leave,
  };
}
