import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import type { SmsScene } from '../../shared/constants';
import { useSmsCode } from '../hooks/useSmsCode';

interface Props {
  scene: SmsScene;
  /** The phone to send to: the form's phone field once it checks (null when it shows an error), or the caller's own (ownPhone). */
  getPhone: () => Promise<string | null>;
  /** A form that shows a refusal itself (field errors on its phone field, its alert); a message otherwise (useSmsCode). */
  onError?: (error: unknown) => void;
  size?: 'middle' | 'large';
  disabled?: boolean;
}

/** "Get code": sends the SMS code (useSmsCode), then counts down the seconds until it may be sent again. */
export function SmsCodeButton({ scene, getPhone, onError, size, disabled }: Props) {
  const { t } = useTranslation('auth');
  const sms = useSmsCode({ scene, onError });
  const waiting = sms.countdown > 0;
  return (
    <Button size={size} onClick={async () => void sms.send(await getPhone())} loading={sms.sending} disabled={disabled || waiting} style={{ minWidth: 120 }}>
      {waiting ? t('sms.resendIn', { seconds: sms.countdown }) : t('sms.send')}
    </Button>
  );
}
