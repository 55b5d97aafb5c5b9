// Field rules of the sign-in forms, built on the shared validators the console uses too.
import { SMS_SCENES } from '../../../shared/constants';
import { checkPassword, isMobile, isSmsCode, PASSWORD_PROBLEM_KEY } from '../../../shared/validators';
import { oneOf, type Rule } from '../../validate';

export const phoneRule: Rule = (v) => (!v ? 'validation:required' : isMobile(v) ? null : 'validation:mobile');
export const smsCodeRule: Rule = (v) => (!v ? 'validation:required' : isSmsCode(v) ? null : 'validation:smsCode');
export const passwordRule: Rule = (v) => {
  const problem = checkPassword(v);
  return problem ? `validation:${PASSWORD_PROBLEM_KEY[problem]}` : null;
};
export const sceneRule: Rule = oneOf(SMS_SCENES);
