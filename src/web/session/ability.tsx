import { AbilityProvider, Can as CaslCan, useAbility, type CanProps } from '@casl/react';
import type { ReactNode } from 'react';
import type { AppAbility } from '../../shared/ability';
import { actorOf } from './actor';
import { useCaller } from './useCaller';

// The caller's CASL ability for components, through @casl/react: the very object refine's access
// control answers from (accessControl.ts asks actorOf(identity).ability for a permission id), so
// <Can I="query" a="ops"> and useCan({ resource: 'ops', action: 'query' }) are one decision with
// two bindings. Subjects are permission ids, actions the SPEC §6 vocabulary (src/shared/ability.ts).
// Checks on a resource, a route or a record (services, approval, states) stay with refine's
// access control (<CanAccess>, useCan, its buttons): they need more than the role's grants.

/** Provides the signed-in caller's ability; a new identity (another role, approval) provides its own. */
export function CallerAbility({ children }: { children: ReactNode }) {
  const caller = useCaller();
  return <AbilityProvider value={actorOf(caller).ability}>{children}</AbilityProvider>;
}

/** @casl/react's <Can> over the caller's ability, typed with its actions and permission ids. */
export const Can = CaslCan as (props: CanProps<AppAbility>) => ReactNode;

/** The caller's ability, for checks inside a component's logic. */
export const useCallerAbility = (): AppAbility => useAbility<AppAbility>();
