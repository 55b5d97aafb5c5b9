import { createContext, useContext } from 'react';
import type { AppAbility } from '../../shared/ability';
import type { Profile } from '../../shared/api';

export interface Session {
  profile: Profile;
  ability: AppAbility;
  /** Permission ids the role holds (for visibleMenu). */
  permissionIds: readonly string[];
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in profile and its ability; only inside <ProfileGate>. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <ProfileGate>');
  return session;
}
