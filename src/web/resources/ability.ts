import { useGetIdentity } from '@refinedev/core';
import { useMemo } from 'react';
import type { Profile } from '../../shared/api';
import { defineAbilityFor, type Action, type AppAbility } from '../../shared/ability';
import type { ResourceDefinition } from '../../shared/resources/types';

/** The signed-in user's CASL ability, the same rules the server answers 403 with. */
export function useAbility(): AppAbility {
  const { data: profile } = useGetIdentity<Profile>();
  return useMemo(() => defineAbilityFor(profile?.role?.permissions), [profile]);
}

/**
 * What the user may do with a resource: its permission id with the action, exactly the
 * server's check (routes.ts resolve()), so a button shows only when the request would pass.
 */
export function useResourceCan(definition: Pick<ResourceDefinition, 'permissionId'>): (action: Action) => boolean {
  const ability = useAbility();
  return useMemo(() => (action: Action) => ability.can(action, definition.permissionId), [ability, definition.permissionId]);
}
