import type { WidgetProps } from '@rjsf/utils';
import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH, SMS_SCENES, type SmsScene } from '../../../shared/constants';
import { isMobile } from '../../../shared/validators';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { ownPhone } from '../../providers/ownPhone';
import { toast } from '../../providers/uiBridge';
import type { SchemaFormContext } from '../types';

/** The phoneField option that sends the code to the signed-in user's own phone. */
export const OWN_PHONE = 'self';

/**
 * The 6-digit SMS code with the console's send button (SmsCodeButton over useSmsCode: the resend
 * window, the refusal said). ui:options: `phoneField` (the form field holding the phone, default
 * 'phone'; `self` for the signed-in user's own phone, as signing and money actions need) and
 * `scene` (default 'verify').
 */
export function SmsCodeWidget({ id, value, onChange, onBlur, disabled, readonly, options, registry }: WidgetProps) {
  const { t } = useTranslation('resources');
  const context = registry.formContext as SchemaFormContext;
  const phoneField = typeof options.phoneField === 'string' ? options.phoneField : 'phone';
  const scene: SmsScene = (SMS_SCENES as readonly string[]).includes(String(options.scene)) ? (options.scene as SmsScene) : 'verify';

  const getPhone = async (): Promise<string | null> => {
    if (phoneField === OWN_PHONE) return ownPhone();
    const phone = context.formData()[phoneField];
    if (typeof phone === 'string' && isMobile(phone)) return phone;
    toast('error', t('widget.sms.phoneFirst', { field: context.text.field(phoneField) }));
    return null;
  };

  return (
    <Space.Compact block>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        disabled={disabled || readonly}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value.replace(/\D+/g, '') || undefined)}
        onBlur={() => onBlur(id, value)}
      />
      <SmsCodeButton scene={scene} getPhone={getPhone} disabled={disabled || readonly} />
    </Space.Compact>
  );
}
