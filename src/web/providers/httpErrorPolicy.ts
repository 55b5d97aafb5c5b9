import { isUnder } from '../../shared/consolePaths';
import { LOGIN_PATH } from '../../shared/menu';
import { i18n } from '../i18n';
import { clearSession } from './session';
import { currentPath, navigateTo, notify } from './uiBridge';
import { NETWORK_ERROR_CODE, TIMEOUT_CODE, type HttpError } from './httpError';

// SPEC §8, the error catalogue, in one place:
//   403       notification titled app:http.noticeTitle (the zh-CN notice title) with the message
//   401       clear stored user info and token, go to the login route
//   400, 413  notification with msg or message
//   500       notification with msg, else message, else app:http.requestError
// SPEC leaves the other codes open; they follow the 500 rule so the user always learns
// that the action failed, and timeouts and unreachable servers get their own wording.


export function loginPathWithRedirect(path: string): string {
  return isUnder(path, 'user') || path === '/'
    ? LOGIN_PATH
    : `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;
}

/** What to tell the user about a failed call: the server's msg, else a generic text. */
export function errorText(error: HttpError): string {
  if (error.msg) return error.msg;
  if (error.code === TIMEOUT_CODE) return i18n.t('app:http.timeout');
  if (error.code === NETWORK_ERROR_CODE) return i18n.t('app:http.network');
  return i18n.t('app:http.requestError');
}

export function reactToError(error: HttpError, { silent }: { silent: boolean }): void {
  if (error.code === 401) {
    clearSession();
    // On the sign-in pages the user is already where 401 would send them.
    if (!isUnder(window.location.pathname, 'user')) {
      navigateTo(loginPathWithRedirect(currentPath()));
    }
    return;
  }
  if (silent) return;
  if (error.code === 403) {
    notify('warning', { message: i18n.t('app:http.noticeTitle'), description: errorText(error) });
    return;
  }
  // 400 and 413 show msg or message; 500 (and every other code) falls back to app:http.requestError.
  notify('error', { message: errorText(error) });
}
