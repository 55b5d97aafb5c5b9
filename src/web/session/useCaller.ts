import { useGetIdentity } from '@refinedev/core';
import { useRef } from 'react';
import type { Identity } from '../providers/identity';

/**
 * The signed-in caller (profile and user info) as refine's authProvider.getIdentity answers it:
 * the one way components read who is signed in. Inside <ProfileGate>, which renders its pages
 * once the identity is in; when it is read again (refreshCaller) every reader re-renders with it.
 */
export function useCaller(): Identity {
  const { data } = useGetIdentity<Identity | null>();
  // Signing out empties the identity a render before <ProfileGate> takes the page away: until
  // then the page keeps the caller it had.
  const last = useRef<Identity | null>(null);
  if (data) last.current = data;
  if (!last.current) throw new Error('useCaller outside <ProfileGate>');
  return last.current;
}

/** The caller owns a customer's account (not platform operations): who manages its API keys and webhooks. */
export const ownsCustomerAccount = ({ user }: Identity): boolean => user.isOwner && user.type !== 'ops';
