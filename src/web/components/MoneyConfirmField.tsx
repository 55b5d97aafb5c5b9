import { Flex, Form, Input, Segmented, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../shared/api';
import {
  CONFIRM_FIELD,
  CONFIRM_METHOD_INPUT,
  PAYMENT_PASSWORD_LENGTH,
  TOTP_DIGITS,
  availableMethods,
  defaultConfirmMethod,
  type ConfirmMethod,
  type ConfirmSettings,
} from '../../shared/confirm';
import { SMS_CODE_LENGTH } from '../../shared/constants';
import { maskPhone } from '../../shared/validators';
import { getUserInfo } from '../providers/session';
import { useSystemQuery } from '../refine/systemData';
import { SmsCodeButton } from './SmsCodeButton';

/** What a money step sends to confirm it: the method and its one input ('' while empty). */
export type ConfirmValue = Record<string, string> & { [CONFIRM_METHOD_INPUT]: ConfirmMethod };

/** The settings the dialog reads (GET /api/confirm/settings). */
export const useConfirmSettings = () => useSystemQuery<ConfirmSettings>('/confirm/settings', { silent: true });

interface Props {
  /** The chosen method and its input, each time either changes. */
  onChange(value: ConfirmValue): void;
  /** The server's field errors (smsCode, paymentPassword, totpCode) and the dialog's own (missing). */
  errors?: FieldErrors | null;
  disabled?: boolean;
  /** The settings, when the caller already has them (tests); read from the server otherwise. */
  settings?: ConfirmSettings;
}

const LENGTH: Record<ConfirmMethod, number> = { sms: SMS_CODE_LENGTH, password: PAYMENT_PASSWORD_LENGTH, totp: TOTP_DIGITS };

/**
 * How the signed-in person confirms a money step (DESIGN §10 "Confirming money"): the methods
 * they set up (an authenticator app, a payment password) and SMS, the one used last (or the
 * strongest) chosen first, and one input for the chosen method that says what it does.
 */
export function MoneyConfirmField({ onChange, errors, disabled, settings: given }: Props) {
  const { t } = useTranslation('confirm');
  const query = useConfirmSettings();
  const settings = given ?? query.data;
  const methods = useMemo(() => (settings ? availableMethods(settings) : (['sms'] as ConfirmMethod[])), [settings]);
  const [picked, setPicked] = useState<ConfirmMethod | null>(null);
  const method: ConfirmMethod = picked && methods.includes(picked) ? picked : settings ? defaultConfirmMethod(settings) : 'sms';
  const [value, setValue] = useState('');
  const phone = getUserInfo()?.phone ?? '';

  useEffect(() => {
    onChange({ [CONFIRM_METHOD_INPUT]: method, [CONFIRM_FIELD[method]]: value } as ConfirmValue);
    // onChange is the caller's setter; only the method and the value decide what is sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [method, value]);

  const field = CONFIRM_FIELD[method];
  const error = errors?.[field] ?? errors?.[CONFIRM_METHOD_INPUT];
  const label = t(`field.${method}`);
  const help = method === 'sms' ? t('field.smsHelp', { phone: maskPhone(phone) }) : t(`field.${method}Help`);
  const input = (
    <Input
      aria-label={label}
      value={value}
      disabled={disabled}
      maxLength={LENGTH[method]}
      inputMode="numeric"
      autoComplete={method === 'password' ? 'off' : 'one-time-code'}
      type={method === 'password' ? 'password' : 'text'}
      status={error ? 'error' : undefined}
      onChange={(e) => setValue(e.target.value.replace(/\D+/g, ''))}
    />
  );
  return (
    <div className="money-confirm">
      {methods.length > 1 && (
        <Form.Item label={t('method.label')} style={{ marginBottom: 12 }}>
          <Segmented
            aria-label={t('method.label')}
            value={method}
            disabled={disabled}
            options={methods.map((m) => ({ value: m, label: t(`method.${m}`) }))}
            onChange={(m) => {
              setPicked(m as ConfirmMethod);
              setValue('');
            }}
          />
        </Form.Item>
      )}
      <Form.Item label={label} required validateStatus={error ? 'error' : undefined} help={error ?? help} style={{ marginBottom: 12 }}>
        {method === 'sms' ? (
          <Flex gap={8}>
            {input}
            <SmsCodeButton scene="verify" getPhone={async () => phone || null} onError={() => undefined} />
          </Flex>
        ) : (
          input
        )}
      </Form.Item>
      {methods.length === 1 && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('field.setUpHint')}
        </Typography.Paragraph>
      )}
      {settings?.smsAbove && method !== 'sms' && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('settings.smsAbove', { amount: settings.smsAbove })}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/** The dialog's own message when the chosen method's input is empty (null when it is filled). */
export function missingConfirmation(t: (key: string, opts?: Record<string, unknown>) => string, value: ConfirmValue | null): FieldErrors | null {
  const method = value?.[CONFIRM_METHOD_INPUT] ?? 'sms';
  if (value?.[CONFIRM_FIELD[method]]) return null;
  return { [CONFIRM_FIELD[method]]: t('confirm:field.required', { what: t(`confirm:field.${method}`) }) };
}
