import { loadIdentity } from './identity';

/**
 * The signed-in person's phone, where a code to confirm their own step goes: the caller's user
 * info (identity.ts), asked from the server when it is not loaded yet (a hand-off brings only the
 * token), so "get code" never silently does nothing. Null when the server cannot say; the HTTP
 * client has shown why.
 */
export async function ownPhone(): Promise<string | null> {
  try {
    return (await loadIdentity({ silent: false })).user.phone || null;
  } catch {
    return null;
  }
}
