// The side menu a role gets, built as the console's access control builds it: a route opens when
// its permission ids intersect the role's and the resource it renders may be listed
// (src/shared/access.ts mayOpenRoute). For suites that compare the menu with the server.
import { mayOpenRoute } from '../../src/shared/access';
import { defineActor, type Actor } from '../../src/shared/actor';
import { menuTree, type MenuItem, type VariantInput } from '../../src/shared/menu';
import { permissionsForRole } from '../../src/shared/permissions';
import { resourceDefinition } from './resource-definitions';

const rendered = (render: unknown) => (render && typeof render === 'object' && 'resource' in render ? resourceDefinition(String(render.resource)) : undefined);

/** The menu tree `actor` gets in `variant`. */
export const consoleMenu = (variant: VariantInput, actor: Actor): MenuItem[] => menuTree(variant, (route) => mayOpenRoute(actor, route, rendered(route.render)));

/** An approved enterprise's user of `role` (owner or an operator type). */
export const roleActor = (role: string): Actor =>
  defineActor({ userId: 'u', accountId: 'a', accountType: 'enterprise', authStatus: 'approved', isOwner: role === 'owner', role, grants: permissionsForRole(role), services: [] });
