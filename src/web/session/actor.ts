import { actorFromProfile, type Actor } from '../../shared/actor';
import type { Identity } from '../providers/identity';

const actors = new WeakMap<Identity, Actor>();

/**
 * The signed-in caller as access control sees it: the shared Actor of the caller's identity
 * (profile and user info, identity.ts), built as the server builds it. One Actor per identity
 * answer, so refine's access control and the components' ability (ability.tsx) hold the same
 * ability object.
 */
export function actorOf(identity: Identity): Actor {
  let actor = actors.get(identity);
  if (!actor) {
    actor = actorFromProfile(identity.profile, identity.user);
    actors.set(identity, actor);
  }
  return actor;
}
