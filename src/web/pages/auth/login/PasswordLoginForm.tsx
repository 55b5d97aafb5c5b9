import Button from 'antd/es/button';
import { LockOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from '../../../components/CaptchaImage';
import { useFieldRules } from '../../../forms/fieldRules';
import { describedBy, FormAlert, LiteField } from '../../../forms/LiteField';
import { TextInput } from '../../../forms/TextInput';
import { splitServerErrors } from '../../../forms/serverErrors';
import { useFields } from '../../../forms/useFields';
import { useCaptcha } from '../../../hooks/useCaptcha';
import { useSignIn } from '../../../session/useSignIn';

// Button comes from its own module and inputs are native (forms/TextInput.tsx): the login
// page must not pull antd's Form and Input code into its download (bundle budget).

/** Phone + password + image captcha (POST /api/login). */
export function PasswordLoginForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const rules = useFieldRules();
  const form = useFields({ phone: rules.phone, password: rules.passwordGiven, captchaCode: rules.captcha });
  const { values, errors } = form;
  const { captcha, failed, refresh } = useCaptcha();
  const { signIn, pending } = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.validate()) return;
    if (!captcha) {
      refresh();
      return;
    }
    const result = await signIn({
      mode: 'password',
      username: values.phone,
      password: values.password,
      uuid: captcha.uuid,
      captchaCode: values.captchaCode.trim(),
      redirectTo,
    });
    if (result.success) return;
    // A captcha is good for one attempt: show a new one after every failure.
    refresh();
    form.clear('captchaCode');
    const { fields, message } = splitServerErrors(result.error, form.names, { username: 'phone' });
    form.setFieldErrors(fields);
    setError(message);
  };

  return (
    <form className="lite-form" onSubmit={onSubmit} noValidate>
      {error && <FormAlert>{error}</FormAlert>}
      <LiteField id={`${id}-phone`} error={errors.phone}>
        <TextInput
          {...describedBy(`${id}-phone`, errors.phone)}
          prefix={<MobileOutlined />}
          placeholder={t('form.phonePlaceholder')}
          aria-label={t('form.phone')}
          autoComplete="username"
          inputMode="tel"
          maxLength={11}
          value={values.phone}
          onChange={(value) => form.setValue('phone', value.trim())}
        />
      </LiteField>
      <LiteField id={`${id}-password`} error={errors.password}>
        <TextInput
          password
          {...describedBy(`${id}-password`, errors.password)}
          prefix={<LockOutlined />}
          placeholder={t('form.passwordPlaceholder')}
          aria-label={t('form.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={(value) => form.setValue('password', value)}
        />
      </LiteField>
      <LiteField id={`${id}-captcha`} error={errors.captchaCode}>
        <div className="lite-field__row">
          <TextInput
            {...describedBy(`${id}-captcha`, errors.captchaCode)}
              prefix={<SafetyCertificateOutlined />}
            placeholder={t('form.captchaPlaceholder')}
            aria-label={t('form.captcha')}
            autoComplete="off"
            maxLength={8}
            value={values.captchaCode}
            onChange={(value) => form.setValue('captchaCode', value)}
          />
          <CaptchaImage captcha={captcha} failed={failed} onRefresh={refresh} />
        </div>
      </LiteField>
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
