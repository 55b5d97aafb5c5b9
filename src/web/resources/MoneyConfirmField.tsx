import { Alert, Flex, Form, Input, Segmented, Skeleton, Typography } from 'antd';
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
import { formatMoney } from '../../shared/money';
import { maskPhone } from '../../shared/validators';
import { ownPhone } from '../providers/ownPhone';
import { useSystemQuery } from '../refine/systemData';
import { useCaller } from '../session/useCaller';
import { SmsCodeButton } from '../components/SmsCodeButton';

/** What a money step sends to confirm it: the method and its one input ('' while empty). */
export type ConfirmValue = Record<string, string> & { [CONFIRM_METHOD_INPUT]: ConfirmMethod };

/** What the confirmation confirms, for the line under the input: a money step, or a change of the authenticator. */
export type ConfirmPurpose = 'money' | 'bind' | 'unbind';

/** The settings the dialog reads (GET /api/confirm/settings). */
export const useConfirmSettings = () => useSystemQuery<ConfirmSettings>('/confirm/settings', { silent: true });

interface Props {
  /** The chosen method and its input, each time either changes. */
  onChange(value: ConfirmValue): void;
  /** The server's field errors (smsCode, paymentPassword, totpCode) and the dialog's own (missing). */
  errors?: FieldErrors | null;
  disabled?: boolean;
  /** The settings, when the caller already has them (tests, or the settings page offering fewer methods); read from the server otherwise. */
  settings?: ConfirmSettings;
  /** What is confirmed (default: a money step). */
  purpose?: ConfirmPurpose;
}

const LENGTH: Record<ConfirmMethod, number> = { sms: SMS_CODE_LENGTH, password: PAYMENT_PASSWORD_LENGTH, totp: TOTP_DIGITS };

/** Minutes left of the lock of `method`, or null. */
const lockOf = (settings: ConfirmSettings | undefined, method: ConfirmMethod): number | null =>
  !settings ? null : method === 'password' ? settings.passwordLockedMinutes : method === 'totp' ? settings.totpLockedMinutes : null;

/**
 * The method shown first: the one used last (or the strongest set up), unless it is locked now,
 * then the next one set up that is not (SMS is never locked).
 */
export function firstConfirmMethod(settings: ConfirmSettings): ConfirmMethod {
  const preferred = defaultConfirmMethod(settings);
  if (lockOf(settings, preferred) === null) return preferred;
  return availableMethods(settings).find((m) => lockOf(settings, m) === null) ?? 'sms';
}

/**
 * How the signed-in person confirms a money step (DESIGN §10 "Confirming money"): the methods
 * they set up (an authenticator app, a payment password) and SMS, the one used last (or the
 * strongest, not locked) chosen first, and one input for the chosen method that says what it does.
 * What was typed stays until the method changes or the caller remounts it.
 */
export function MoneyConfirmField({ onChange, errors, disabled, settings: given, purpose = 'money' }: Props) {
  const { t } = useTranslation('confirm');
  const query = useConfirmSettings();
  const settings = given ?? query.data;
  // Until the settings answer, the method is not known: an input then would change under the user.
  const waiting = !given && query.isLoading;
  const methods = useMemo(() => (settings ? availableMethods(settings) : (['sms'] as ConfirmMethod[])), [settings]);
  const [picked, setPicked] = useState<ConfirmMethod | null>(null);
  const method: ConfirmMethod = picked && methods.includes(picked) ? picked : settings ? firstConfirmMethod(settings) : 'sms';
  const [value, setValue] = useState('');
  const phone = useCaller().user.phone;

  useEffect(() => {
    onChange({ [CONFIRM_METHOD_INPUT]: method, [CONFIRM_FIELD[method]]: value } as ConfirmValue);
    // onChange is the caller's setter; only the method and the value decide what is sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [method, value]);

  if (waiting) return <Skeleton.Input active block style={{ marginBottom: 12 }} />;

  const field = CONFIRM_FIELD[method];
  const error = errors?.[field] ?? errors?.[CONFIRM_METHOD_INPUT];
  const label = t(`field.${method}`);
  const what = t(`purpose.${purpose}`);
  const help = method === 'sms' ? t('field.smsHelp', { phone: maskPhone(phone), what }) : t(`field.${method}Help`, { what });
  const locked = lockOf(settings, method);
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
  // Its own layout (labels above the inputs) inside whatever form holds it; no <form> of its own.
  return (
    <Form layout="vertical" component={false}>
      <div className="money-confirm" data-testid="money-confirm" style={{ paddingBottom: 12 }}>
        {methods.length > 1 && (
          <Form.Item label={t('method.label')} style={{ marginBottom: 16 }}>
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
        {locked !== null && !error && (
          <Alert type="warning" showIcon message={t(`field.${method}Locked`, { minutes: locked })} style={{ marginBottom: 12 }} />
        )}
        <Form.Item label={label} required validateStatus={error ? 'error' : undefined} help={error ?? help}>
          {method === 'sms' ? (
            <Flex gap={8}>
              {input}
              {/* Too soon, or the day's codes used up: said by useSmsCode, with the wait the server gives. */}
              <SmsCodeButton scene="verify" getPhone={ownPhone} />
            </Flex>
          ) : (
            input
          )}
        </Form.Item>
        {purpose === 'money' && methods.length === 1 && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('field.setUpHint')}
          </Typography.Paragraph>
        )}
        {purpose === 'money' && settings?.smsAbove && method !== 'sms' && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('settings.smsAbove', { amount: formatMoney(settings.smsAbove) })}
          </Typography.Paragraph>
        )}
      </div>
    </Form>
  );
}

/** The dialog's own message when the chosen method's input is empty (null when it is filled). */
export function missingConfirmation(t: (key: string, opts?: Record<string, unknown>) => string, value: ConfirmValue | null): FieldErrors | null {
  const method = value?.[CONFIRM_METHOD_INPUT] ?? 'sms';
  if (value?.[CONFIRM_FIELD[method]]) return null;
  return { [CONFIRM_FIELD[method]]: t('confirm:field.required', { what: t(`confirm:field.${method}`) }) };
}
