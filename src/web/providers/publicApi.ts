import type {
  CaptchaResponse,
  DemoLoginsResponse,
  RegisterRequest,
  ResetRequest,
  SmsCodeRequest,
} from '../../shared/api';
import type { PromotionPhoneView } from '../../shared/promotion';
import type { PublicReceiptView } from '../../shared/receipts';
import { http } from './http';

// The calls of the pages open to visitors, which load without refine (sign-in side, /landing,
// the public receipt check): SPEC §7 calls that are not part of refine's AuthProvider or its
// DataProviders. Form submissions are silent: the forms show the outcome beside their fields.

export const fetchCaptcha = () => http.get<CaptchaResponse>('/captchaImage', { silent: true });

/** Answers how long until another code may go to this phone (seconds); the sender (useSmsCode) says any refusal. */
export const sendSmsCode = (request: SmsCodeRequest) => http.post<{ retryAfter?: number } | null>('/smscode', request, { silent: true });

export const register = (request: RegisterRequest) => http.post<unknown>('/register', request, { silent: true });

export const resetPassword = (request: ResetRequest) => http.post<unknown>('/reset', request, { silent: true });

/** The promotion phone pair (SPEC §7 Other; docs/decisions.md, Issue 9 rest). */
export const checkPromotionPhone = (phoneNo: string) => http.get<PromotionPhoneView>('/system/promotion/checkPhone', { query: { phoneNo }, silent: true });
export const savePromotionPhone = (phoneNo: string, code: string) =>
  http.post<PromotionPhoneView>('/system/promotion/savePhone', undefined, { query: { phoneNo, code }, silent: true });

/** The public verification of a receipt (no sign-in); the page shows errors itself. */
export const verifyReceipt = (transferId: string, template: string | null) =>
  http.get<PublicReceiptView>(`/public/receipts/${encodeURIComponent(transferId)}`, { query: template ? { template } : undefined, silent: true });

/** The demo logins (GET /api/meta/demo): listed only when the server runs with --demo. */
export const fetchDemoLogins = () => http.get<DemoLoginsResponse>('/meta/demo', { silent: true });
