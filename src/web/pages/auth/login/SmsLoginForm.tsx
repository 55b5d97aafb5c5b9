import Button from 'antd/es/button';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH } from '../../../../shared/constants';
import { SmsCodeButton } from '../../../components/SmsCodeButton';
import { useFieldRules } from '../../../forms/fieldRules';
import { describedBy, FormAlert, LiteField } from '../../../forms/LiteField';
import { TextInput } from '../../../forms/TextInput';
import { splitServerErrors } from '../../../forms/serverErrors';
import { useFields } from '../../../forms/useFields';
import { useSignIn } from '../../../session/useSignIn';

/** Phone + SMS code (POST /api/logincode). */
export function SmsLoginForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const rules = useFieldRules();
  const form = useFields({ phone: rules.phone, code: rules.smsCode });
  const { values, errors } = form;
  const { signIn, pending } = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const showError = (failure: unknown) => {
    const { fields, message } = splitServerErrors(failure, form.names);
    form.setFieldErrors(fields);
    setError(message);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.validate()) return;
    const result = await signIn({ mode: 'sms', phone: values.phone, code: values.code, redirectTo });
    if (!result.success) showError(result.error);
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
          autoComplete="tel"
          inputMode="tel"
          maxLength={11}
          value={values.phone}
          onChange={(value) => form.setValue('phone', value.trim())}
        />
      </LiteField>
      <LiteField id={`${id}-code`} error={errors.code}>
        <div className="lite-field__row">
          <TextInput
            {...describedBy(`${id}-code`, errors.code)}
              prefix={<SafetyOutlined />}
            placeholder={t('form.smsCodePlaceholder')}
            aria-label={t('form.smsCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={SMS_CODE_LENGTH}
            value={values.code}
            onChange={(value) => form.setValue('code', value.trim())}
          />
          <SmsCodeButton
            scene="login"
            size="large"
              getPhone={async () => (form.validate(['phone']) ? values.phone : null)}
            onError={showError}
          />
        </div>
      </LiteField>
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
