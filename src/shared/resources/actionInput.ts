// The input an action asks for, one definition for the server's check and the console's form:
// the declared `input`, plus the confirmation of the acting user on actions that need one (sms,
// signature): an SMS code of their own phone (`smsCode`, as always), or, chosen with
// `confirmMethod`, their payment password or authenticator code (src/shared/confirm.ts). The
// server checks one of them (src/server/confirm/) and stores none.
import { CONFIRM_METHOD_INPUT, CONFIRM_METHODS, PAYMENT_PASSWORD_INPUT, TOTP_CODE_INPUT, TOTP_DIGITS } from '../confirm';
import type { ActionDeclaration } from './types';

export const SMS_CODE_INPUT = 'smsCode';

export const needsSmsCode = (action: Pick<ActionDeclaration, 'sms' | 'signature'>): boolean => Boolean(action.sms || action.signature);

export function actionInputSchema(action: ActionDeclaration): ActionDeclaration['input'] {
  if (!needsSmsCode(action)) return action.input;
  return {
    type: 'object',
    properties: {
      ...(action.input?.properties ?? {}),
      [SMS_CODE_INPUT]: { type: 'string', format: 'smsCode', 'x-kind': 'smsCode' },
      [CONFIRM_METHOD_INPUT]: { type: 'string', enum: [...CONFIRM_METHODS] },
      [PAYMENT_PASSWORD_INPUT]: { type: 'string', maxLength: 64 },
      [TOTP_CODE_INPUT]: { type: 'string', pattern: `^\\d{${TOTP_DIGITS}}$` },
    },
    // One of them is required, which the confirmation says on its own field (smsCode unless another method was chosen).
    required: [...(action.input?.required ?? [])],
  };
}
