import { defineAbilityFor, grantedPermissionIds, type AppAbility } from '../../shared/ability';
import type { Profile } from '../../shared/api';

// One ability per loaded profile, for refine's access control (the console's one gate).
const abilities = new WeakMap<Profile, AppAbility>();

export function abilityOf(profile: Profile): AppAbility {
  let ability = abilities.get(profile);
  if (!ability) {
    ability = defineAbilityFor(profile.role?.permissions);
    abilities.set(profile, ability);
  }
  return ability;
}

export const permissionIdsOf = (profile: Profile): string[] => grantedPermissionIds(profile.role?.permissions);
