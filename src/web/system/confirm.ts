import type { ConfirmSettings, TotpOffer } from '../../shared/confirm';
import type { ConfirmValue } from '../resources/MoneyConfirmField';
import { useSystemCall } from '../refine/systemData';

// How the caller confirms money actions (issue 28): the payment password and an authenticator
// app, set up through refine's `system` provider. The forms show a refusal beside their fields (silent).

export function useConfirmCalls() {
  const call = useSystemCall();
  return {
    /** POST /api/confirm/paymentPassword: sets or changes the payment password, with an SMS code. */
    setPaymentPassword: (body: { code: string; password: string }) => call<ConfirmSettings>('post', '/confirm/paymentPassword', { payload: body, silent: true }),
    /** POST /api/confirm/totp/offer: a new secret to add to an authenticator app. */
    offerTotp: () => call<TotpOffer>('post', '/confirm/totp/offer', { silent: true }),
    /** POST /api/confirm/totp/bind: binds the offered secret with a code it made, and a confirmation. */
    bindTotp: (code: string, confirmation: ConfirmValue | null) => call<ConfirmSettings>('post', '/confirm/totp/bind', { payload: { code, ...confirmation }, silent: true }),
    /** POST /api/confirm/totp/unbind, with a confirmation. */
    unbindTotp: (confirmation: ConfirmValue | null) => call<ConfirmSettings>('post', '/confirm/totp/unbind', { payload: confirmation, silent: true }),
  };
}
