import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { HANDOFF_LANDING, HANDOFF_TOKEN_PARAM } from '../../shared/handoff';
import { signsInOnMainPlatform } from '../variant';
import { lazyPage } from '../navigation/lazyPage';

const HandoffReceiver = lazyPage(() => import('../handoff/HandoffReceiver'));

/** In a variant build, /home?t=... is the main platform handing a signed-in user over. */
export function HandoffGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (signsInOnMainPlatform() && pathname === HANDOFF_LANDING && new URLSearchParams(search).has(HANDOFF_TOKEN_PARAM)) {
    return <HandoffReceiver />;
  }
  return children;
}
