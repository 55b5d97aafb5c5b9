import { useSession } from '../../session/SessionContext';
import { abilityOf } from '../../session/abilityOf';

/** The grant GET /api/funds/wallet needs (permission id `funds`, action query), the server's own check. */
export function useSeesFunds(): boolean {
  const { profile } = useSession();
  return abilityOf(profile).can('query', 'funds');
}
