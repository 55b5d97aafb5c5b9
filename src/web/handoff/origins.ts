import { DEFAULT_VARIANT_ID, LOGIN_PATH } from '../../shared/menu';
import { fetchServedOrigins } from '../providers/originsApi';
import { configuredMainLogin } from '../variant';

// Where each variant of this deployment is served (GET /api/meta/origins: variant id -> origin).
// Both ends of the hand-off ask: a variant to find the main platform, the main platform to
// check that a `redirect` names one of the variants and nothing else.

let cached: Promise<Record<string, string>> | null = null;

export function servedOrigins(): Promise<Record<string, string>> {
  if (!cached) {
    cached = fetchServedOrigins().then(
      (origins) => (origins && typeof origins === 'object' ? origins : {}),
      () => {
        cached = null;
        return {};
      },
    );
  }
  return cached;
}

/** The main platform's login page: its served origin, else the URL in the variant file. */
export async function mainLoginUrl(): Promise<string> {
  const main = (await servedOrigins())[DEFAULT_VARIANT_ID];
  if (main) return new URL(LOGIN_PATH, main).toString();
  return configuredMainLogin() ?? LOGIN_PATH;
}

/** Leaves for the main platform's login; `returnTo` (a full URL of this variant) comes back as `redirect`. */
export async function goToMainLogin(returnTo: string): Promise<void> {
  const url = new URL(await mainLoginUrl(), window.location.origin);
  url.searchParams.set('redirect', returnTo);
  window.location.assign(url.toString());
}
