import { actorFromProfile, type Actor } from '../../shared/actor';
import type { Profile } from '../../shared/api';
import { getUserInfo } from '../providers/session';

/**
 * The signed-in caller for refine's access control (the console's one gate): the shared Actor of
 * the loaded profile and the session's user info, built as the server builds it.
 */
export const actorOfProfile = (profile: Profile): Actor => actorFromProfile(profile, getUserInfo());
