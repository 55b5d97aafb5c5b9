import { useLogin } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SmsCodeField } from '../../../components/SmsCodeField';
import { useFormRules } from '../../../forms/rules';
import { showServerErrors } from '../../../forms/serverErrors';
import type { LoginParams } from '../../../providers/authProvider';

interface Values {
  phone: string;
  code: string;
}

/** Phone + SMS code (POST /api/logincode). */
export function SmsLoginForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ phone, code }: Values) => {
    setError(null);
    login(
      { mode: 'sms', phone, code, redirectTo },
      {
        onSuccess: (result) => {
          if (!result.success) setError(showServerErrors(form, result.error));
        },
      },
    );
  };

  return (
    <Form form={form} size="large" onFinish={onFinish} onValuesChange={() => setError(null)}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} />}
      <Form.Item name="phone" rules={rules.phone}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('form.phonePlaceholder')}
          aria-label={t('form.phone')}
          autoComplete="tel"
          inputMode="tel"
          maxLength={11}
        />
      </Form.Item>
      <SmsCodeField form={form} scene="login" />
      <Button type="primary" htmlType="submit" block loading={isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
