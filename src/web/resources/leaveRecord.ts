// A deleted record's pages (issue 17 defect 7): the page where it was deleted, and any other tab
// showing it, close, so that nothing reads the record again; the user goes to the list.
import { createContext, useCallback, useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showsRecord, type TabLocation } from './tabsModel';

/** The shell's way to close tabs and go elsewhere (useTabs' leave); absent outside the shell. */
export const TabsLeaveContext = createContext<((drop: (location: TabLocation) => boolean, to: string) => void) | null>(null);

/** Returns leave(id, to): closes the current tab and every tab showing record `id`, then opens `to`. */
export function useLeaveRecord(): (id: string, to: string) => void {
  const leave = useContext(TabsLeaveContext);
  const navigate = useNavigate();
  // Inside a tab, the tab's own location (PageHost gives each tab its <Routes location>).
  const { pathname } = useLocation();
  return useCallback(
    (id: string, to: string) => {
      if (leave) leave((tab) => tab.pathname === pathname || showsRecord(tab, id), to);
      else navigate(to);
    },
    [leave, navigate, pathname],
  );
}
