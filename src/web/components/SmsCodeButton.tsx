import { App, Button, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_RESEND_WINDOW_MS, type SmsScene } from '../../shared/constants';
import { sendSmsCode } from '../api/auth';
import { showServerErrors } from '../forms/serverErrors';
import { useCountdown } from '../hooks/useCountdown';

const COUNTDOWN_SECONDS = SMS_RESEND_WINDOW_MS / 1000;

interface Props {
  form: FormInstance;
  scene: SmsScene;
  /** The form field holding the phone number the code goes to. */
  phoneField?: string;
}

/** "Get code" button: checks the phone field, sends the code, then counts down the resend window. */
export function SmsCodeButton({ form, scene, phoneField = 'phone' }: Props) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    let phone: string;
    try {
      phone = ((await form.validateFields([phoneField])) as Record<string, string>)[phoneField];
    } catch {
      return; // the phone field already shows why
    }
    setSending(true);
    try {
      await sendSmsCode({ phone, scene });
      countdown.start(COUNTDOWN_SECONDS);
      message.success(t('sms.sent'));
    } catch (error) {
      const text = showServerErrors(form, error);
      if (text) message.error(text);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={send} loading={sending} disabled={countdown.running} style={{ minWidth: 120 }}>
      {countdown.running ? t('sms.resendIn', { seconds: countdown.left }) : t('sms.send')}
    </Button>
  );
}
