import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from './fieldRules';
import type { FieldRule } from './useFields';

/** The plain rules of fieldRules.ts as antd form rules, plus the rules only antd forms need. */
export function useFormRules() {
  const { t } = useTranslation('validation');
  const plain = useFieldRules();

  const antd = (rule: FieldRule): FormRule[] => [
    {
      validator: (_rule, value: unknown) => {
        const problem = rule(typeof value === 'string' ? value : '');
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];

  return {
    required: (message = t('required')): FormRule[] => [{ required: true, whitespace: true, message }],
    phone: antd(plain.phone),
    smsCode: antd(plain.smsCode),
    newPassword: antd(plain.newPassword),
    /** The confirmation must equal the field `passwordField` of the same form. */
    confirmPassword: (passwordField: string): FormRule[] => [
      { required: true, message: t('password.required') },
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) =>
          !value || value === getFieldValue(passwordField)
            ? Promise.resolve()
            : Promise.reject(new Error(t('passwordMismatch'))),
      }),
    ],
    agreement: [
      {
        validator: (_rule, value: unknown) =>
          value === true ? Promise.resolve() : Promise.reject(new Error(t('agreement'))),
      },
    ] as FormRule[],
  };
}
