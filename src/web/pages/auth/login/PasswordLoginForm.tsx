import { useLogin } from '@refinedev/core';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from '../../../components/CaptchaImage';
import { useFormRules } from '../../../forms/rules';
import { showServerErrors } from '../../../forms/serverErrors';
import { useCaptcha } from '../../../hooks/useCaptcha';
import type { LoginParams } from '../../../providers/authProvider';

interface Values {
  phone: string;
  password: string;
  captchaCode: string;
}

/** Phone + password + image captcha (POST /api/login). */
export function PasswordLoginForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();
  const { captcha, failed, refresh } = useCaptcha();
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ phone, password, captchaCode }: Values) => {
    if (!captcha) {
      refresh();
      return;
    }
    setError(null);
    login(
      { mode: 'password', username: phone, password, uuid: captcha.uuid, captchaCode, redirectTo },
      {
        onSuccess: (result) => {
          if (result.success) return;
          // A captcha is good for one attempt: show a new one after every failure.
          refresh();
          form.setFieldValue('captchaCode', '');
          setError(showServerErrors(form, result.error, { username: 'phone' }));
        },
      },
    );
  };

  return (
    <Form form={form} size="large" onFinish={onFinish} onValuesChange={() => setError(null)} autoComplete="on">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} />}
      <Form.Item name="phone" rules={rules.phone}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('form.phonePlaceholder')}
          aria-label={t('form.phone')}
          autoComplete="username"
          inputMode="tel"
          maxLength={11}
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.passwordGiven}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('form.passwordPlaceholder')}
          aria-label={t('form.password')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item>
        <Flex gap={8}>
          <Form.Item name="captchaCode" rules={rules.captcha} noStyle>
            <Input
              prefix={<SafetyCertificateOutlined />}
              placeholder={t('form.captchaPlaceholder')}
              aria-label={t('form.captcha')}
              autoComplete="off"
              maxLength={8}
            />
          </Form.Item>
          <CaptchaImage captcha={captcha} failed={failed} onRefresh={refresh} />
        </Flex>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
