import { useLogout } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Input, Popconfirm, Space, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH } from '../../../shared/constants';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { SmsCodeField } from '../../components/SmsCodeField';
import { useFormRules } from '../../forms/rules';
import { showServerErrors } from '../../forms/serverErrors';
import { toast } from '../../providers/uiBridge';
import { useRefreshAccess } from '../../refine/useRefreshAccess';
import { useCaller } from '../../session/useCaller';
import { useAccountSafeCalls } from '../../system/accountSafe';
import { MoneyConfirmCard } from './MoneyConfirmCard';

/** A code input with its send button for the user's own (current) phone. */
function OwnCodeField({ name, label, phone, onError }: { name: string; label: string; phone: string; onError: (e: unknown) => void }) {
  const rules = useFormRules();
  return (
    <Form.Item label={label} required style={{ marginBottom: 0 }}>
      <Flex gap={8} align="start">
        <Form.Item name={name} rules={rules.smsCode} style={{ flex: 1 }}>
          <Input maxLength={SMS_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" aria-label={label} />
        </Form.Item>
        <SmsCodeButton scene="verify" getPhone={async () => phone} onError={onError} />
      </Flex>
    </Form.Item>
  );
}

/** /accountSafe: change the phone (codes to both phones), change the password, how money steps are confirmed, delete the account. */
export default function AccountSafePage() {
  const { t } = useTranslation('accountSafe');
  const rules = useFormRules();
  const { mutate: logout } = useLogout();
  // The caller (useCaller): read again after the phone changes, so every reader of it has the new one.
  const { user: me } = useCaller();
  const refreshCaller = useRefreshAccess();
  const { updateMobile, updatePassword, verifySmsCode, deleteAccount } = useAccountSafeCalls();
  const [phoneForm] = Form.useForm();
  const [passwordForm] = Form.useForm();
  const [deleteForm] = Form.useForm();
  const [busy, setBusy] = useState<string | null>(null);

  const failed = (form: FormInstance) => (error: unknown) => {
    const text = showServerErrors(form, error);
    if (text) toast('error', text);
  };

  const changePhone = async (values: { oldCode: string; phone: string; code: string }) => {
    setBusy('phone');
    try {
      const res = await updateMobile(values);
      toast('success', t('phone.done', { phone: res.maskedPhone }));
      phoneForm.resetFields();
      void refreshCaller();
    } catch (error) {
      failed(phoneForm)(error);
    } finally {
      setBusy(null);
    }
  };

  const changePassword = async (values: { oldPassword: string; password: string }) => {
    setBusy('password');
    try {
      await updatePassword({ oldPassword: values.oldPassword, password: values.password });
      toast('success', t('password.done'));
      logout();
    } catch (error) {
      failed(passwordForm)(error);
      setBusy(null);
    }
  };

  const removeAccount = async () => {
    const { deleteCode } = (await deleteForm.validateFields()) as { deleteCode: string };
    setBusy('delete');
    try {
      await verifySmsCode(deleteCode);
      await deleteAccount();
      toast('success', t('delete.done'));
      logout();
    } catch (error) {
      failed(deleteForm)(error);
      setBusy(null);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <Card title={t('phone.title')}>
        <Form form={phoneForm} layout="vertical" requiredMark={false} onFinish={changePhone}>
          <Typography.Paragraph>{t('phone.current', { phone: me.maskedPhone })}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('phone.why')}</Typography.Paragraph>
          <OwnCodeField name="oldCode" label={t('phone.oldCode')} phone={me.phone} onError={failed(phoneForm)} />
          <Form.Item name="phone" label={t('phone.newPhone')} rules={rules.phone}>
            <Input inputMode="tel" maxLength={11} />
          </Form.Item>
          <SmsCodeField form={phoneForm} scene="updateMobile" label={t('phone.newCode')} />
          <Button type="primary" htmlType="submit" loading={busy === 'phone'}>
            {t('phone.submit')}
          </Button>
        </Form>
      </Card>
      <Card title={t('password.title')}>
        <Form form={passwordForm} layout="vertical" requiredMark={false} onFinish={changePassword}>
          <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('validation:required') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields label={t('password.new')} confirmLabel={t('password.confirm')} />
          <Typography.Paragraph type="secondary">{t('password.note')}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={busy === 'password'}>
            {t('password.submit')}
          </Button>
        </Form>
      </Card>
      <MoneyConfirmCard phone={me.phone} />
      <Card title={t('delete.title')}>
        <Alert
          type="warning"
          showIcon
          message={t('delete.warning')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {(me.isOwner ? ['owner1', 'owner2', 'owner3', 'all'] : ['operator1', 'all']).map((key) => (
                <li key={key}>{t(`delete.consequences.${key}`)}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
        <Form form={deleteForm} layout="vertical" requiredMark={false}>
          <OwnCodeField name="deleteCode" label={t('delete.code')} phone={me.phone} onError={failed(deleteForm)} />
          <Popconfirm title={t('delete.confirm')} onConfirm={() => void removeAccount()}>
            <Button danger loading={busy === 'delete'}>
              {t('delete.submit')}
            </Button>
          </Popconfirm>
        </Form>
      </Card>
    </Space>
  );
}
