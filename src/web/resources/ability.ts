import { useGetIdentity } from '@refinedev/core';
import { useMemo } from 'react';
import type { Profile } from '../../shared/api';
import { defineAbilityFor, type Action, type AppAbility } from '../../shared/ability';
import { asRecord, defineRecordAbility } from '../../shared/resources/recordAbility';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { getUserInfo } from '../providers/session';

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

/**
 * What the user may do with one record (`read`, `edit`, `delete` or an action name): the shared
 * per-record ability the server decides with (src/shared/resources/recordAbility.ts), so a
 * record's buttons are exactly the requests that would pass.
 */
export function useRecordCan(definition: ResourceDefinition): (action: string, record: ResourceRecord) => boolean {
  const { data: profile } = useGetIdentity<Profile>();
  return useMemo(() => {
    const me = getUserInfo();
    const ability = defineRecordAbility(definition, {
      accountId: me?.accountId ?? '',
      permissions: profile?.role?.permissions ?? [],
      approved: me?.authStatus === 'approved' || me?.type === 'ops',
    });
    return (action: string, record: ResourceRecord) => ability.can(action, asRecord(definition, record));
  }, [definition, profile]);
}
