import type { WidgetProps } from '@rjsf/utils';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH, SMS_RESEND_WINDOW_MS, SMS_SCENES, type SmsScene } from '../../../shared/constants';
import { isMobile } from '../../../shared/validators';
import { useCountdown } from '../../hooks/useCountdown';
import { toast } from '../../providers/uiBridge';
import { ownPhone } from '../../providers/ownPhone';
import { useSystemCall } from '../../refine/systemData';
import type { SchemaFormContext } from '../types';

/** The phoneField option that sends the code to the signed-in user's own phone. */
export const OWN_PHONE = 'self';

/**
 * The 6-digit SMS code with a send button that counts down the resend window. ui:options:
 * `phoneField` (the form field holding the phone, default 'phone'; `self` for the signed-in
 * user's own phone, as signing and money actions need) and `scene` (default 'verify').
 */
export function SmsCodeWidget({ id, value, onChange, onBlur, disabled, readonly, options, registry }: WidgetProps) {
  const { t } = useTranslation('resources');
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const call = useSystemCall();
  const context = registry.formContext as SchemaFormContext;
  const phoneField = typeof options.phoneField === 'string' ? options.phoneField : 'phone';
  const scene: SmsScene = (SMS_SCENES as readonly string[]).includes(String(options.scene)) ? (options.scene as SmsScene) : 'verify';

  const send = async () => {
    const phone = phoneField === OWN_PHONE ? await ownPhone() : context.formData()[phoneField];
    if (typeof phone !== 'string' || !isMobile(phone)) {
      if (phoneField !== OWN_PHONE) toast('error', t('widget.sms.phoneFirst', { field: context.text.field(phoneField) }));
      return;
    }
    setSending(true);
    try {
      await call('post', '/smscode', { payload: { phone, scene } });
      countdown.start(SMS_RESEND_WINDOW_MS / 1000);
      toast('success', t('widget.sms.sent'));
    } catch {
      // The HTTP client has shown why (too soon, daily limit).
    } finally {
      setSending(false);
    }
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
      <Button onClick={send} loading={sending} disabled={disabled || readonly || countdown.running} style={{ minWidth: 120 }}>
        {countdown.running ? t('widget.sms.resendIn', { seconds: countdown.left }) : t('widget.sms.send')}
      </Button>
    </Space.Compact>
  );
}
