import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_RESEND_WINDOW_MS, type SmsScene } from '../../shared/constants';
import { isMobile } from '../../shared/validators';
import { HttpError } from '../providers/httpError';
import { errorText } from '../providers/httpErrorPolicy';
import { sendSmsCode } from '../providers/publicApi';
import { toast } from '../providers/uiBridge';
import { useCountdown } from './useCountdown';

// The one way the console sends an SMS code (POST /api/smscode), for every sender: sign-in,
// registration, reset, the account's own confirmations, schema forms' code fields. One resend
// window (SMS_RESEND_WINDOW_MS, or the wait the server answers) and one refusal policy: a 429
// (too soon, or the day's codes used up) says the server's message, which names the wait, and
// counts down the Retry-After seconds when they fall within the resend window; any other refusal
// goes to the form that asked (its phone field) or is said as the server's message.

const RESEND_SECONDS = SMS_RESEND_WINDOW_MS / 1000;

export interface SmsCodeOptions {
  scene: SmsScene;
  /** A form that shows a refusal itself (a field error on its phone, its own alert); otherwise a message says it. 429s are said by the hook. */
  onError?: (error: unknown) => void;
}

export interface SmsCode {
  /** Sends a code to `phone`; without a valid phone nothing is sent (false). True once the server sent it. */
  send(phone: string | null | undefined): Promise<boolean>;
  sending: boolean;
  /** Seconds until another code may be sent (0: now). */
  countdown: number;
}

/** The wait a 429 gives, in seconds, when it is the resend window's (a day's cap is said, not counted down). */
const resendWait = (error: unknown): number | null =>
  error instanceof HttpError && error.code === 429 && error.retryAfter !== undefined && error.retryAfter <= RESEND_SECONDS ? error.retryAfter : null;

export function useSmsCode({ scene, onError }: SmsCodeOptions): SmsCode {
  const { t } = useTranslation('auth');
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const { start, running } = countdown;

  const send = useCallback(
    async (phone: string | null | undefined): Promise<boolean> => {
      if (!phone || !isMobile(phone) || running) return false;
      setSending(true);
      try {
        const sent = await sendSmsCode({ phone, scene });
        start(sent?.retryAfter && sent.retryAfter > 0 ? sent.retryAfter : RESEND_SECONDS);
        toast('success', t('sms.sent'));
        return true;
      } catch (error) {
        const wait = resendWait(error);
        if (wait !== null) start(wait);
        if (error instanceof HttpError && error.code === 429) toast('error', errorText(error));
        else if (onError) onError(error);
        else toast('error', error instanceof HttpError ? errorText(error) : t('app:http.requestError'));
        return false;
      } finally {
        setSending(false);
      }
    },
    [scene, onError, running, start, t],
  );

  return { send, sending, countdown: countdown.left };
}
