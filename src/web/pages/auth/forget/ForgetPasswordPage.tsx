import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../../../api/auth';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { SmsCodeField } from '../../../components/SmsCodeField';
import { useFormRules } from '../../../forms/rules';
import { showServerErrors } from '../../../forms/serverErrors';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { toast } from '../../../providers/uiBridge';
import { AuthCard } from '../../../components/AuthCard';

interface Values {
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** /user/forgetPassword: a new password, proved by an SMS code (POST /api/reset). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle('auth:forget.title');
  const rules = useFormRules();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ phone, code, password }: Values) => {
    setSubmitting(true);
    try {
      await resetPassword({ phone, code, password });
      toast('success', t('forget.success'));
      navigate('/user/login', { replace: true });
    } catch (error) {
      const text = showServerErrors(form, error);
      if (text) toast('error', text);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('forget.heading')}>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="phone" label={t('form.phone')} rules={rules.phone}>
          <Input placeholder={t('form.phonePlaceholder')} inputMode="tel" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <SmsCodeField form={form} scene="reset" label={t('form.smsCode')} />
        <NewPasswordFields label={t('form.newPassword')} confirmLabel={t('form.confirmPassword')} />
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('forget.submit')}
        </Button>
      </Form>
      <div className="auth-card__footnote">
        <Link to="/user/login">{t('forget.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
