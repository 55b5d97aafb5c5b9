import { createContext, useContext } from 'react';
import type { Profile } from '../../shared/api';

export interface Session {
  profile: Profile;
  /** Permission ids the role holds (for visibleMenu). */
  permissionIds: readonly string[];
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in profile and its permission ids; only inside <ProfileGate>. Access checks ask refine's access control. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <ProfileGate>');
  return session;
}
