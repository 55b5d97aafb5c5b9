import { Flex, Form, Input, type FormInstance } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH, type SmsScene } from '../../shared/constants';
import { useFormRules } from '../forms/rules';
import { SmsCodeButton } from './SmsCodeButton';

interface Props {
  form: FormInstance;
  scene: SmsScene;
  /** Form field name of the code; the server calls it `code`. */
  name?: string;
  label?: string;
}

/** The SMS verification code input with its send button. */
export function SmsCodeField({ form, scene, name = 'code', label }: Props) {
  const { t } = useTranslation('auth');
  const rules = useFormRules();
  return (
    <Form.Item label={label} required={Boolean(label)}>
      <Flex gap={8}>
        <Form.Item name={name} rules={rules.smsCode} noStyle>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('form.smsCodePlaceholder')}
            maxLength={SMS_CODE_LENGTH}
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-label={t('form.smsCode')}
          />
        </Form.Item>
        <SmsCodeButton form={form} scene={scene} />
      </Flex>
    </Form.Item>
  );
}
