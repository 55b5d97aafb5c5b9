// The caller, described once (issue 16): its account, approval, user type, operator type and
// grants, the services its account opened. The server builds it from the signed-in user
// (src/server/plugins/auth.ts), the console from its profile and session
// (src/web/session/actor.ts), both through defineActor, so both sides gate the same caller.
import type { PermissionEntry, Profile, Role, UserInfo } from './api';
import { defineAbilityFor, type AppAbility } from './ability';
import { grantsAsApproved, roleFor, type AuthStatus } from './permissions';
import type { ResourceDefinition } from './resources/types';

/** The kind of account: the platform's own (operations staff) or a customer's. */
export type AccountType = 'personal' | 'enterprise' | 'platform';

/** A service an account opens before it writes some resources (a resource file's requiresService). */
export type Service = NonNullable<ResourceDefinition['requiresService']>;

/** What each side knows of the caller, before any rule is applied. */
export interface ActorFacts {
  userId: string;
  accountId: string;
  accountType: AccountType;
  authStatus: AuthStatus;
  isOwner: boolean;
  /** 'owner', 'ops' or an operator type of schemas/permissions.json. */
  role: string;
  /** The role's grants (schemas/permissions.json). */
  grants: readonly PermissionEntry[];
  /**
   * `grants` are already as they apply now: the profile's role.permissions, which the server
   * computed with defineActor. The console takes them as they are (its stored user info may be
   * older than the profile).
   */
  grantsApplied?: boolean;
  /** The services the account has opened. */
  services: readonly Service[];
}

export interface Actor extends ActorFacts {
  /** Platform operations staff: the platform account's users. */
  platform: boolean;
  /** The account may trade: approved, or the platform's own. */
  approved: boolean;
  /** The grants as they apply now: trading withheld until the account is approved. */
  permissions: PermissionEntry[];
  /** The CASL ability of `permissions` (subjects are permission ids). */
  ability: AppAbility;
}

export function defineActor(facts: ActorFacts): Actor {
  const platform = facts.accountType === 'platform';
  // The platform account is never authenticated and does not trade; it counts as approved so
  // that its staff keep every grant of their role.
  const approved = platform || facts.authStatus === 'approved';
  const permissions = facts.grantsApplied ? [...facts.grants] : grantsAsApproved(facts.grants, approved);
  return { ...facts, platform, approved, permissions, ability: defineAbilityFor(permissions) };
}

/** The profile's role (SPEC §3 GET /api/user/info): the actor's grants as they apply now. */
export const roleOf = (actor: Actor): Role => roleFor(actor.role, actor.permissions);

/** SPEC §3 user info's `type`: platform staff are 'ops'. */
export const userTypeOf = (accountType: AccountType): UserInfo['type'] => (accountType === 'platform' ? 'ops' : accountType);

/**
 * The actor as the console knows it: the role and opened services of its profile (GET
 * /api/user/info) and the session's user info (GET /api/system/users/info). Without user info
 * it is an unapproved stranger to every account.
 */
export function actorFromProfile(profile: Pick<Profile, 'role' | 'services'>, info: Partial<UserInfo> | null | undefined): Actor {
  return defineActor({
    userId: info?.id ?? '',
    accountId: info?.accountId ?? '',
    accountType: info?.type === 'ops' ? 'platform' : (info?.type ?? 'personal'),
    authStatus: info?.authStatus ?? 'unverified',
    isOwner: info?.isOwner ?? false,
    role: profile.role?.id ?? '',
    grants: profile.role?.permissions ?? [],
    grantsApplied: true,
    services: profile.services ?? [],
  });
}
