// The input an action asks for, one definition for the server's check and the console's form:
// the declared `input`, plus the SMS code of the acting user's own phone on actions that need
// one (sms, signature). The code is checked and spent by the server, never stored.
import type { ActionDeclaration } from './types';

export const SMS_CODE_INPUT = 'smsCode';

export const needsSmsCode = (action: Pick<ActionDeclaration, 'sms' | 'signature'>): boolean => Boolean(action.sms || action.signature);

export function actionInputSchema(action: ActionDeclaration): ActionDeclaration['input'] {
  if (!needsSmsCode(action)) return action.input;
  return {
    type: 'object',
    properties: { ...(action.input?.properties ?? {}), [SMS_CODE_INPUT]: { type: 'string', format: 'smsCode', 'x-kind': 'smsCode' } },
    required: [...(action.input?.required ?? []), SMS_CODE_INPUT],
  };
}
