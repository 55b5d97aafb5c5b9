import { Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../../../providers/publicApi';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { SmsCodeField } from '../../../components/SmsCodeField';
import { useFormRules } from '../../../forms/rules';
import { useSubmitThenSignIn } from '../../../forms/useSubmitThenSignIn';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { AuthCard } from '../../../components/AuthCard';
import { consolePath } from '../../../../shared/consolePaths';

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
  const { form, submitting, onFinish } = useSubmitThenSignIn<Values>(({ phone, code, password }) => resetPassword({ phone, code, password }), t('forget.success'));

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
        <Link to={consolePath('login')}>{t('forget.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
