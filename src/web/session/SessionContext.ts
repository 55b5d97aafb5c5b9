import { createContext, useContext } from 'react';
import type { Profile } from '../../shared/api';

export interface Session {
  profile: Profile;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in profile; only inside <ProfileGate>. Access checks ask refine's access control. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <ProfileGate>');
  return session;
}
