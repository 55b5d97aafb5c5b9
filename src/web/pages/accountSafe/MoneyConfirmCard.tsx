import { Alert, Button, Card, Flex, Form, Input, QRCode, Space, Tag, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_PASSWORD_LENGTH, TOTP_DIGITS, type TotpOffer } from '../../../shared/confirm';
import { MoneyConfirmField, missingConfirmation, useConfirmSettings, type ConfirmValue } from '../../resources/MoneyConfirmField';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { useFormRules } from '../../forms/rules';
import { formatMoney } from '../../../shared/money';
import { showServerErrors } from '../../forms/serverErrors';
import { toast } from '../../providers/uiBridge';
import { useConfirmCalls } from '../../system/confirm';
import type { FieldErrors } from '../../../shared/api';

const digits = (n: number) => (v: string) => v.replace(/\D+/g, '').slice(0, n);

/**
 * /accountSafe, "Confirming money steps": set or reset the payment password with an SMS code
 * to the own phone; bind an authenticator app with its QR code and a current code (confirmed with
 * the payment password or SMS), unbind it with a confirmation.
 */
export function MoneyConfirmCard({ phone }: { phone: string }) {
  const { t } = useTranslation('confirm');
  const rules = useFormRules();
  const confirm = useConfirmCalls();
  const settings = useConfirmSettings();
  const s = settings.data;
  const [passwordForm] = Form.useForm();
  const [bindForm] = Form.useForm();
  const [busy, setBusy] = useState<string | null>(null);
  const [offer, setOffer] = useState<TotpOffer | null>(null);
  const [unbinding, setUnbinding] = useState(false);
  // A payment password already set is reset behind one button; none yet: the form is open.
  const [resetting, setResetting] = useState(false);
  const [confirmation, setConfirmation] = useState<ConfirmValue | null>(null);
  const [confirmErrors, setConfirmErrors] = useState<FieldErrors | null>(null);

  const failed = (form: FormInstance) => (error: unknown) => {
    const fields = (error as { errors?: FieldErrors })?.errors;
    if (fields) setConfirmErrors(fields);
    const text = showServerErrors(form, error);
    if (text) toast('error', text);
  };
  const done = (message: string) => {
    toast('success', message);
    void settings.refetch();
  };

  const savePassword = async (values: { code: string; password: string }) => {
    setBusy('password');
    try {
      await confirm.setPaymentPassword({ code: values.code, password: values.password });
      passwordForm.resetFields();
      setResetting(false);
      done(t('settings.passwordDone'));
    } catch (error) {
      failed(passwordForm)(error);
    } finally {
      setBusy(null);
    }
  };

  const startBinding = async () => {
    setBusy('offer');
    try {
      setOffer(await confirm.offerTotp());
      setConfirmErrors(null);
    } catch (error) {
      failed(bindForm)(error);
    } finally {
      setBusy(null);
    }
  };

  const bind = async (values: { code: string }) => {
    const lacking = missingConfirmation(t, confirmation);
    setConfirmErrors(lacking);
    if (lacking) return;
    setBusy('bind');
    try {
      await confirm.bindTotp(values.code, confirmation);
      setOffer(null);
      bindForm.resetFields();
      done(t('settings.totpDone'));
    } catch (error) {
      failed(bindForm)(error);
    } finally {
      setBusy(null);
    }
  };

  const unbind = async () => {
    const lacking = missingConfirmation(t, confirmation);
    setConfirmErrors(lacking);
    if (lacking) return;
    setBusy('unbind');
    try {
      await confirm.unbindTotp(confirmation);
      setUnbinding(false);
      done(t('settings.totpUnbound'));
    } catch (error) {
      failed(bindForm)(error);
    } finally {
      setBusy(null);
    }
  };

  const confirmField = (
    <MoneyConfirmField
      key={offer ? 'bind' : 'unbind'}
      onChange={(v) => {
        setConfirmation(v);
        setConfirmErrors(null);
      }}
      errors={confirmErrors}
      disabled={!!busy}
      purpose={offer ? 'bind' : 'unbind'}
      // Binding is confirmed by the payment password or SMS; the authenticator cannot confirm itself.
      settings={s && offer ? { ...s, totp: false } : s}
    />
  );

  return (
    <Card title={t('settings.title')} loading={settings.isLoading}>
      <Typography.Paragraph type="secondary">{t('settings.intro')}</Typography.Paragraph>
      {s?.smsAbove && <Typography.Paragraph type="secondary">{t('settings.smsAbove', { amount: formatMoney(s.smsAbove) })}</Typography.Paragraph>}
      <Typography.Title level={5}>
        {t('settings.passwordTitle')} <Tag color={s?.paymentPassword ? 'green' : undefined}>{s?.paymentPassword ? t('settings.passwordSet') : t('settings.passwordUnset')}</Tag>
      </Typography.Title>
      {s?.passwordLockedMinutes ? <Alert type="warning" showIcon message={t('settings.passwordLocked', { minutes: s.passwordLockedMinutes })} style={{ marginBottom: 12 }} /> : null}
      <Typography.Paragraph type="secondary">{s?.paymentPassword ? t('settings.passwordSetHint') : t('settings.passwordUnsetHint')}</Typography.Paragraph>
      {s?.paymentPassword && !resetting ? (
        <Button onClick={() => setResetting(true)}>{t('settings.resetPassword')}</Button>
      ) : (
        <Form form={passwordForm} name="paymentPassword" layout="vertical" requiredMark={false} onFinish={savePassword} style={{ maxWidth: 420 }}>
          <Form.Item name="password" label={t('settings.newPassword')} extra={t('settings.newPasswordHelp')} normalize={digits(PAYMENT_PASSWORD_LENGTH)} rules={[{ required: true, message: t('validation:required') }, { len: PAYMENT_PASSWORD_LENGTH, message: t('errors:paymentPasswordFormat') }]}>
            <Input.Password inputMode="numeric" autoComplete="new-password" maxLength={PAYMENT_PASSWORD_LENGTH} />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('settings.confirmPassword')}
            dependencies={['password']}
            normalize={digits(PAYMENT_PASSWORD_LENGTH)}
            rules={[{ required: true, message: t('validation:required') }, ({ getFieldValue }) => ({ validator: async (_, v) => (v && v !== getFieldValue('password') ? Promise.reject(new Error(t('settings.mismatch'))) : undefined) })]}
          >
            <Input.Password inputMode="numeric" autoComplete="new-password" maxLength={PAYMENT_PASSWORD_LENGTH} />
          </Form.Item>
          <Form.Item label={t('settings.code')} required style={{ marginBottom: 0 }}>
            <Flex gap={8} align="start">
              <Form.Item name="code" rules={rules.smsCode} style={{ flex: 1 }} normalize={digits(6)}>
                <Input inputMode="numeric" autoComplete="one-time-code" aria-label={t('settings.code')} />
              </Form.Item>
              <SmsCodeButton scene="verify" getPhone={async () => phone} onError={failed(passwordForm)} />
            </Flex>
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy === 'password'}>
              {s?.paymentPassword ? t('settings.resetPassword') : t('settings.setPassword')}
            </Button>
            {resetting && (
              <Button
                onClick={() => {
                  passwordForm.resetFields();
                  setResetting(false);
                }}
              >
                {t('settings.cancel')}
              </Button>
            )}
          </Space>
        </Form>
      )}

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('settings.totpTitle')} <Tag color={s?.totp ? 'green' : undefined}>{s?.totp ? t('settings.totpBound') : t('settings.totpNotBound')}</Tag>
      </Typography.Title>
      <Typography.Paragraph type="secondary">{s?.totp ? t('settings.totpBoundHint') : t('settings.totpHint')}</Typography.Paragraph>
      {s?.totpLockedMinutes ? <Alert type="warning" showIcon message={t('settings.totpLocked', { minutes: s.totpLockedMinutes })} style={{ marginBottom: 12 }} /> : null}
      <Form form={bindForm} name="totpBind" layout="vertical" requiredMark={false} onFinish={bind} style={{ maxWidth: 420 }}>
        {!s?.totp && !offer && (
          <Button onClick={() => void startBinding()} loading={busy === 'offer'}>
            {t('settings.totpStart')}
          </Button>
        )}
        {!s?.totp && offer && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>{t('settings.totpScan')}</Typography.Paragraph>
            <Flex gap={16} align="center" wrap>
              <QRCode value={offer.uri} size={160} type="svg" bordered aria-label={t('settings.totpTitle')} color="#000" bgColor="#fff" />
              <Typography.Text code copyable data-testid="totp-secret">
                {offer.secret}
              </Typography.Text>
            </Flex>
            <Form.Item name="code" label={t('settings.totpCode')} normalize={digits(TOTP_DIGITS)} rules={[{ required: true, message: t('validation:required') }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={TOTP_DIGITS} />
            </Form.Item>
            <Typography.Text strong>{t('settings.confirmWith')}</Typography.Text>
            {confirmField}
            <Space>
              <Button type="primary" htmlType="submit" loading={busy === 'bind'}>
                {t('settings.totpConfirm')}
              </Button>
              <Button onClick={() => setOffer(null)}>{t('settings.cancel')}</Button>
            </Space>
          </Space>
        )}
        {s?.totp && !unbinding && <Button onClick={() => setUnbinding(true)}>{t('settings.totpUnbind')}</Button>}
        {s?.totp && unbinding && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text strong>{t('settings.confirmWith')}</Typography.Text>
            {confirmField}
            <Space>
              <Button danger onClick={() => void unbind()} loading={busy === 'unbind'}>
                {t('settings.totpUnbindConfirm')}
              </Button>
              <Button onClick={() => setUnbinding(false)}>{t('settings.cancel')}</Button>
            </Space>
          </Space>
        )}
      </Form>
    </Card>
  );
}
