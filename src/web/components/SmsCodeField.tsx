import { Flex, Form, Input, type FormInstance } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH, type SmsScene } from '../../shared/constants';
import { useFormRules } from '../forms/rules';
import { showServerErrors } from '../forms/serverErrors';
import { toast } from '../providers/uiBridge';
import { SmsCodeButton } from './SmsCodeButton';

interface Props {
  form: FormInstance;
  scene: SmsScene;
  label?: string;
}

/** The SMS code input (form field `code`) with its send button, for antd forms with a `phone` field. */
export function SmsCodeField({ form, scene, label }: Props) {
  const { t } = useTranslation('auth');
  const rules = useFormRules();

  const getPhone = async () => {
    try {
      return ((await form.validateFields(['phone'])) as { phone: string }).phone;
    } catch {
      return null; // the phone field already says why
    }
  };
  const onError = (error: unknown) => {
    const text = showServerErrors(form, error);
    if (text) toast('error', text);
  };

  return (
    <Form.Item label={label} required={Boolean(label)} style={{ marginBottom: 0 }}>
      {/* The code's own item (not noStyle) renders its message with the id the input's
          aria-describedby names, so screen readers read the error too. */}
      <Flex gap={8} align="start">
        <Form.Item name="code" rules={rules.smsCode} style={{ flex: 1 }}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('form.smsCodePlaceholder')}
            maxLength={SMS_CODE_LENGTH}
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-label={t('form.smsCode')}
          />
        </Form.Item>
        <SmsCodeButton scene={scene} getPhone={getPhone} onError={onError} />
      </Flex>
    </Form.Item>
  );
}
