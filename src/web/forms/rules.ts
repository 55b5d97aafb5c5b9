import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPassword, isMobile, isSmsCode, PASSWORD_PROBLEM_KEY } from '../../shared/validators';

// The SPEC §5 rules as antd form rules, built on the validators the server uses too, so
// the browser rejects exactly what the server would. Messages come from `validation`.

const value = (v: unknown): string => (typeof v === 'string' ? v : '');

export function useFormRules() {
  const { t } = useTranslation(['validation', 'auth']);

  const check = (test: (v: string) => string | null): FormRule => ({
    validator: (_rule, v: unknown) => {
      const problem = test(value(v));
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });

  return {
    required: (message = t('required')): FormRule[] => [{ required: true, whitespace: true, message }],
    phone: [check((v) => (!v ? t('auth:form.phoneRequired') : isMobile(v) ? null : t('mobile')))],
    smsCode: [check((v) => (!v ? t('auth:form.smsCodeRequired') : isSmsCode(v) ? null : t('smsCode')))],
    captcha: [{ required: true, whitespace: true, message: t('captcha') }] as FormRule[],
    /** Sign-in only asks that a password be given; the complexity rules are for new ones. */
    passwordGiven: [{ required: true, message: t('password.required') }] as FormRule[],
    newPassword: [
      check((v) => {
        const problem = checkPassword(v);
        return problem ? t(PASSWORD_PROBLEM_KEY[problem]) : null;
      }),
    ],
    /** The confirmation must equal the field `passwordField` of the same form. */
    confirmPassword: (passwordField: string): FormRule[] => [
      { required: true, message: t('password.required') },
      ({ getFieldValue }) => ({
        validator: (_rule, v: unknown) =>
          !v || v === getFieldValue(passwordField)
            ? Promise.resolve()
            : Promise.reject(new Error(t('passwordMismatch'))),
      }),
    ],
    agreement: [
      {
        validator: (_rule, v: unknown) => (v === true ? Promise.resolve() : Promise.reject(new Error(t('agreement')))),
      },
    ] as FormRule[],
  };
}
