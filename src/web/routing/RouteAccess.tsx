import type { ReactNode } from 'react';
import { canAccessRoute } from '../../shared/ability';
import type { ResolvedRoute } from '../../shared/menu';
import { ForbiddenPage } from '../pages/registry';
import { useSession } from '../session/SessionContext';

/** SPEC §6: typing the URL of a route the role does not reach shows 403, not the page. */
export function RouteAccess({ route, children }: { route: ResolvedRoute; children: ReactNode }) {
  const { ability } = useSession();
  return canAccessRoute(ability, route) ? children : <ForbiddenPage />;
}
