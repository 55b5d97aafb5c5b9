import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '../forms/rules';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

/**
 * A new password with its strength meter and the SPEC §5 rules, and its confirmation
 * (form fields `password` and `confirmPassword`).
 */
export function NewPasswordFields({ label, confirmLabel }: { label: string; confirmLabel: string }) {
  const { t } = useTranslation('auth');
  const rules = useFormRules();
  const form = Form.useFormInstance();
  const password = Form.useWatch('password', form) as string | undefined;
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={rules.newPassword}
        extra={password ? <PasswordStrengthMeter password={password} /> : t('password.rules')}
      >
        <Input.Password placeholder={t('form.newPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={confirmLabel} dependencies={['password']} rules={rules.confirmPassword('password')}>
        <Input.Password placeholder={t('form.confirmPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
