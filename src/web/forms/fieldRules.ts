import { useTranslation } from 'react-i18next';
import { checkPassword, isMobile, isSmsCode, PASSWORD_PROBLEM_KEY } from '../../shared/validators';
import type { FieldRule } from './useFields';

/**
 * The SPEC §5 rules as plain functions (value -> message or null), built on the validators
 * the server uses too, so the browser rejects exactly what the server would. Messages come
 * from the `validation` namespace (and `auth` for "please enter ...").
 */
export function useFieldRules() {
  const { t } = useTranslation(['validation', 'auth']);
  const rules = {
    phone: ((v) => (!v ? t('auth:form.phoneRequired') : isMobile(v) ? null : t('validation:mobile'))) as FieldRule,
    smsCode: ((v) => (!v ? t('auth:form.smsCodeRequired') : isSmsCode(v) ? null : t('validation:smsCode'))) as FieldRule,
    captcha: ((v) => (v.trim() ? null : t('validation:captcha'))) as FieldRule,
    /** Sign-in only asks that a password be given; the complexity rules are for new ones. */
    passwordGiven: ((v) => (v ? null : t('validation:password.required'))) as FieldRule,
    newPassword: ((v) => {
      const problem = checkPassword(v);
      return problem ? t(`validation:${PASSWORD_PROBLEM_KEY[problem]}`) : null;
    }) as FieldRule,
  };
  return rules;
}
