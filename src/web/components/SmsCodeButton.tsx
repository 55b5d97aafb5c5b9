import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_RESEND_WINDOW_MS, type SmsScene } from '../../shared/constants';
import { sendSmsCode } from '../providers/publicApi';
import { useCountdown } from '../hooks/useCountdown';
import { toast } from '../providers/uiBridge';

const COUNTDOWN_SECONDS = SMS_RESEND_WINDOW_MS / 1000;

interface Props {
  scene: SmsScene;
  /** Checks the form's phone field and returns the number, or null when it shows an error. */
  getPhone: () => Promise<string | null>;
  /** Shows a failed send (field errors on the phone field, or a message). */
  onError: (error: unknown) => void;
  size?: 'middle' | 'large';
}

/** "Get code": sends the SMS code, then counts down the seconds until it may be sent again. */
export function SmsCodeButton({ scene, getPhone, onError, size }: Props) {
  const { t } = useTranslation('auth');
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const phone = await getPhone();
    if (!phone) return;
    setSending(true);
    try {
      await sendSmsCode({ phone, scene });
      countdown.start(COUNTDOWN_SECONDS);
      toast('success', t('sms.sent'));
    } catch (error) {
      onError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size={size} onClick={send} loading={sending} disabled={countdown.running} style={{ minWidth: 120 }}>
      {countdown.running ? t('sms.resendIn', { seconds: countdown.left }) : t('sms.send')}
    </Button>
  );
}
