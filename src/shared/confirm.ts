// Confirming a money step (DESIGN §10 "Confirming money"): the signed-in person proves it is
// them with what they chose — a payment password (locale confirm:method.password), an authenticator app (TOTP) or an
// SMS code to their own phone. One definition for the server's check and the console's dialog.

/** The ways to confirm, strongest first (the console's default when none was used yet). */
export const CONFIRM_METHODS = ['totp', 'password', 'sms'] as const;
export type ConfirmMethod = (typeof CONFIRM_METHODS)[number];

/** The inputs a money step takes besides its own (smsCode is the one it always took). */
export const CONFIRM_METHOD_INPUT = 'confirmMethod';
export const PAYMENT_PASSWORD_INPUT = 'paymentPassword';
export const TOTP_CODE_INPUT = 'totpCode';
export const CONFIRM_SMS_INPUT = 'smsCode';
/** Every confirmation input: checked and spent by the server, never stored with an event. */
export const CONFIRM_INPUTS = [CONFIRM_SMS_INPUT, CONFIRM_METHOD_INPUT, PAYMENT_PASSWORD_INPUT, TOTP_CODE_INPUT] as const;

/** The input field each method reads. */
export const CONFIRM_FIELD: Record<ConfirmMethod, string> = { sms: CONFIRM_SMS_INPUT, password: PAYMENT_PASSWORD_INPUT, totp: TOTP_CODE_INPUT };

/** A payment password is six digits, as Chinese payment passwords are (typed on a numeric pad). */
export const PAYMENT_PASSWORD_LENGTH = 6;
/** Wrong tries of a payment password or an authenticator code before it locks, and for how long. */
export const CONFIRM_MAX_FAILURES = 5;
export const CONFIRM_LOCK_MS = 15 * 60_000;
/** An authenticator code: six digits, a new one every 30 s; one step either side is accepted (clock drift). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const TOTP_WINDOW = 1;
/** An authenticator offered for binding must be bound within this time. */
export const TOTP_BIND_TTL_MS = 10 * 60_000;
/**
 * SMS codes a phone may receive per China day for confirmations made while signed in (scene
 * `verify` to the user's own phone): its own cap, beside the 10 a day of sign-in, registration
 * and reset. With one send per 60 s it bounds what one session can cost.
 */
export const SMS_CONFIRM_DAILY_LIMIT = 100;

/** What GET /api/confirm/settings answers: what the user has set up, for the settings page and the dialog. */
export interface ConfirmSettings {
  paymentPassword: boolean;
  totp: boolean;
  /** The method of the user's last confirmed step (the dialog's default), or null. */
  lastMethod: ConfirmMethod | null;
  /** Minutes left of a payment-password lock, or null. */
  passwordLockedMinutes: number | null;
  /** Minutes left of an authenticator lock, or null. */
  totpLockedMinutes: number | null;
  /** Yuan above which a step must be confirmed by SMS (the variant file's confirmation.smsAbove), or null. */
  smsAbove: string | null;
}

/** What POST /api/confirm/totp/start answers: the new secret (as the QR code carries it) and the otpauth:// URI. */
export interface TotpOffer {
  secret: string;
  uri: string;
}

/** The console's default: the method used last if still set up, else the strongest one set up. */
export function defaultConfirmMethod(s: Pick<ConfirmSettings, 'paymentPassword' | 'totp' | 'lastMethod'>): ConfirmMethod {
  const available = availableMethods(s);
  if (s.lastMethod && available.includes(s.lastMethod)) return s.lastMethod;
  return available[0];
}

/** The methods a user may pick, strongest first; SMS is always there. */
export function availableMethods(s: Pick<ConfirmSettings, 'paymentPassword' | 'totp'>): ConfirmMethod[] {
  return CONFIRM_METHODS.filter((m) => m === 'sms' || (m === 'totp' ? s.totp : s.paymentPassword));
}

/** Six digits, not all one digit and not a run up or down (123456, 654321). */
export function paymentPasswordProblem(value: string): 'paymentPasswordFormat' | 'paymentPasswordWeak' | null {
  if (!new RegExp(`^\\d{${PAYMENT_PASSWORD_LENGTH}}$`).test(value)) return 'paymentPasswordFormat';
  const d = [...value].map(Number);
  const step = d[1] - d[0];
  if (Math.abs(step) <= 1 && d.every((x, i) => i === 0 || x - d[i - 1] === step)) return 'paymentPasswordWeak';
  return null;
}
