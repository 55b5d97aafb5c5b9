import { useMemo } from 'react';
import type { MenuItem } from '../../shared/menu';
import { withRuntimeMenuEntries } from '../refine/runtimeRoutes';
import { useVisibleMenu } from '../refine/useAccess';
import { useRuntimeResourceRoutes } from './useRuntimeResourceRoutes';

/**
 * The navigation the caller may see: the variant's menu entries refine's access control lets it
 * open (useVisibleMenu) with the runtime resources' entries in their groups. The side or top menu
 * (NavMenu) and the command palette's pages both read it.
 */
export function useNavigationTree(): MenuItem[] {
  const runtime = useRuntimeResourceRoutes().routes;
  const visible = useVisibleMenu();
  return useMemo(() => withRuntimeMenuEntries(visible, runtime), [visible, runtime]);
}
