import type {
  CaptchaResponse,
  DemoLoginsResponse,
  RegisterRequest,
  ResetRequest,
  SmsCodeRequest,
} from '../../shared/api';
import { http } from '../providers/http';

// The sign-in side calls of SPEC §7 that are not part of refine's AuthProvider.
// Form submissions are silent: the forms show the outcome beside their fields.

export const fetchCaptcha = () => http.get<CaptchaResponse>('/captchaImage', { silent: true });

export const sendSmsCode = (request: SmsCodeRequest) => http.post<unknown>('/smscode', request, { silent: true });

export const register = (request: RegisterRequest) => http.post<unknown>('/register', request, { silent: true });

export const resetPassword = (request: ResetRequest) => http.post<unknown>('/reset', request, { silent: true });

/** The demo logins (GET /api/meta/demo): listed only when the server runs with --demo. */
export const fetchDemoLogins = () => http.get<DemoLoginsResponse>('/meta/demo', { silent: true });
