import { Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useFormRules } from '../../forms/rules';
import { useSubmitThenSignIn } from '../../forms/useSubmitThenSignIn';
import { usePageTitle } from '../../hooks/usePageTitle';
import { bindOperator } from '../../providers/publicOperatorApi';
import { consolePath } from '../../../shared/consolePaths';

interface Values {
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/**
 * /user/bindOperator: an operator the owner added binds its phone with the SMS code it received
 * (sent when the owner added it or re-sent by the owner) and chooses its password.
 */
export default function BindOperatorPage() {
  const { t } = useTranslation('operators');
  usePageTitle('operators:bind.title');
  const rules = useFormRules();
  const { form, submitting, onFinish } = useSubmitThenSignIn<Values>(({ phone, code, password }) => bindOperator({ phone, code, password }), t('bind.done'));

  return (
    <AuthCard title={t('bind.title')}>
      <Typography.Paragraph type="secondary">{t('bind.intro')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="phone" label={t('bind.phone')} rules={rules.phone}>
          <Input inputMode="tel" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="code" label={t('bind.code')} rules={rules.smsCode}>
          <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
        <NewPasswordFields label={t('bind.password')} confirmLabel={t('bind.confirmPassword')} />
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('bind.submit')}
        </Button>
      </Form>
      <div className="auth-card__footnote">
        <Link to={consolePath('login')}>{t('bind.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
