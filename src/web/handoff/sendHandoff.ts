import { encryptHandoffToken, handoffTarget, handoffUrl, type HandoffTarget } from '../../shared/handoff';
import { servedOrigins } from './origins';

// The main platform's half of the hand-off (SPEC §4 Session): a signed-in user whose login
// `redirect` is a page of a variant goes there with the token encrypted in `t`.

export const isAbsoluteUrl = (redirect: string | null): redirect is string => !!redirect && /^https?:\/\//i.test(redirect);

/** The variant page `redirect` names, if it is one this deployment serves (no open redirect). */
export async function findHandoffTarget(redirect: string | null): Promise<HandoffTarget | null> {
  if (!isAbsoluteUrl(redirect)) return null;
  return handoffTarget(redirect, await servedOrigins(), window.location.origin);
}

export async function handOff(target: HandoffTarget, token: string): Promise<void> {
  const sealed = await encryptHandoffToken(token, target.variant);
  window.location.assign(handoffUrl(target, sealed));
}
