import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { UserType } from '../../../../shared/constants';
import { register } from '../../../providers/publicApi';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { SmsCodeField } from '../../../components/SmsCodeField';
import { useFormRules } from '../../../forms/rules';
import { showServerErrors } from '../../../forms/serverErrors';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { toast } from '../../../providers/uiBridge';
import { AuthCard } from '../../../components/AuthCard';
import { consolePath } from '../../../../shared/consolePaths';

interface Values {
  userType: UserType;
  enterpriseName?: string;
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

const ENTERPRISE_NAME_MAX = 100;

/** /user/sign: a personal or enterprise account (POST /api/register). */
export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'validation']);
  usePageTitle('auth:register.title');
  const rules = useFormRules();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const userType = Form.useWatch('userType', form) ?? 'enterprise';
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      await register({
        userType: values.userType,
        ...(values.userType === 'enterprise' ? { enterpriseName: values.enterpriseName?.trim() } : {}),
        phone: values.phone,
        code: values.code,
        password: values.password,
        agree: true,
      });
      navigate(consolePath('registerSuccessfully'), { replace: true });
    } catch (error) {
      const text = showServerErrors(form, error);
      if (text) toast('error', text);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('register.heading')}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ userType: 'enterprise', agree: false }}
        onFinish={onFinish}
      >
        <Form.Item name="userType" label={t('register.userType')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'enterprise', label: t('register.enterprise') },
              { value: 'personal', label: t('register.personal') },
            ]}
          />
        </Form.Item>
        {userType === 'enterprise' && (
          <Form.Item
            name="enterpriseName"
            label={t('register.enterpriseName')}
            extra={t('register.enterpriseNameHint')}
            rules={rules.required(t('validation:enterpriseName'))}
          >
            <Input placeholder={t('register.enterpriseNamePlaceholder')} maxLength={ENTERPRISE_NAME_MAX} />
          </Form.Item>
        )}
        <Form.Item name="phone" label={t('form.phone')} rules={rules.phone}>
          <Input placeholder={t('form.phonePlaceholder')} inputMode="tel" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <SmsCodeField form={form} scene="register" label={t('form.smsCode')} />
        <NewPasswordFields label={t('form.password')} confirmLabel={t('form.confirmPassword')} />
        <Form.Item name="agree" valuePropName="checked" rules={rules.agreement}>
          <Checkbox>
            <Trans
              t={t}
              i18nKey="auth:register.agreement"
              components={{
                protocol: <Link to={consolePath('registerProtocol')} target="_blank" rel="noopener" />,
                service: <Link to={consolePath('serviceProvision')} target="_blank" rel="noopener" />,
              }}
            />
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('register.submit')}
        </Button>
      </Form>
      <div className="auth-card__footnote">
        <Trans t={t} i18nKey="auth:register.haveAccount" components={{ login: <Link to={consolePath('login')} /> }} />
      </div>
    </AuthCard>
  );
}
