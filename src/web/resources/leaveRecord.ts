// A deleted record's pages (issue 17 defect 7): the page where it was deleted, and any other tab
// showing it, close, so that nothing reads the record again; the user goes to the list.
import { createContext, useCallback, useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * How the frame around the pages closes what showed a record and goes to `to`: the page at
 * `from` and every other page showing record `id`. The shell provides it (its tabs); outside
 * the shell there is none and the page just navigates.
 */
export type LeaveRecord = (from: string, id: string, to: string) => void;

export const LeaveRecordContext = createContext<LeaveRecord | null>(null);

/** Returns leave(id, to): closes the current page and every page showing record `id`, then opens `to`. */
export function useLeaveRecord(): (id: string, to: string) => void {
  const leave = useContext(LeaveRecordContext);
  const navigate = useNavigate();
  // Inside a tab, the tab's own location (the shell gives each tab its <Routes location>).
  const { pathname } = useLocation();
  return useCallback(
    (id: string, to: string) => {
      if (leave) leave(pathname, id, to);
      else navigate(to);
    },
    [leave, navigate, pathname],
  );
}
