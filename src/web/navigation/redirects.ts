import { isUnder } from '../../shared/consolePaths';
import { HOME_PATH } from '../../shared/menu';

/**
 * Where to go after sign-in: the `redirect` query when it is a path on this site,
 * otherwise /home. Anything else (https://evil.example, //evil.example, javascript:)
 * would turn the login page into an open redirect.
 */
export function safeRedirect(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return HOME_PATH;
  try {
    const url = new URL(target, window.location.origin);
    if (url.origin !== window.location.origin || isUnder(url.pathname, 'user')) return HOME_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_PATH;
  }
}

/** A link the console opens itself (a path of this origin), not another site: todos and messages carry one. */
export const isInternalLink = (link: string | null): link is string => !!link && link.startsWith('/') && !link.startsWith('//');
