import { Alert, Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Result, Select, Space, Switch, Table, Tag, Typography, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../shared/api';
import { API_KEY_NAME_MAX, type ApiKeyView, type CreatedApiKey } from '../../../shared/apiKeys';
import { OPERATOR_TYPES } from '../../../shared/permissions';
import { MoneyConfirmField, missingConfirmation, type ConfirmValue } from '../../resources/MoneyConfirmField';
import { showServerErrors } from '../../forms/serverErrors';
import { ownsCustomerAccount, useCaller } from '../../session/useCaller';
import { toast } from '../../providers/uiBridge';
import { formatDateTime } from '../../resources/format';
import type { PageProps } from '../registry';
import { useApiKeys, useMachineCalls } from '../../system/machines';
import { SecretModal } from './SecretModal';

const STATUS_COLOR: Record<ApiKeyView['status'], string> = { active: 'green', revoked: 'default', expired: 'orange' };

interface KeyForm {
  name: string;
  role: string;
  money: boolean;
  expiresAt?: Dayjs | null;
}

/**
 * /operator/apiKeys (account centre, owner only): the account's API keys; create one (its secret
 * and signing secret shown once, with copy buttons; a key granted money steps is confirmed as a
 * money step is) and revoke one. docs/machines.md says how a client uses them.
 */
export default function ApiKeysPage(_props: PageProps) {
  const { t } = useTranslation('machines');
  const { t: tOps } = useTranslation('operators');
  const { t: tConfirm } = useTranslation('confirm');
  const owner = ownsCustomerAccount(useCaller());
  const keys = useApiKeys(owner);
  const calls = useMachineCalls();
  const [form] = Form.useForm<KeyForm>();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirmation, setConfirmation] = useState<ConfirmValue | null>(null);
  const [confirmErrors, setConfirmErrors] = useState<FieldErrors | null>(null);
  const money = Form.useWatch('money', form);

  if (!owner) return <Result status="403" title={t('errors.ownerOnly')} />;

  const create = async (values: KeyForm) => {
    const lacking = values.money ? missingConfirmation(tConfirm, confirmation) : null;
    if (lacking) {
      setConfirmErrors(lacking);
      return;
    }
    setSaving(true);
    try {
      const made = await calls.createKey({ name: values.name, role: values.role, money: values.money, expiresAt: values.expiresAt ? values.expiresAt.toISOString() : null, ...(values.money ? confirmation : {}) });
      setCreating(false);
      form.resetFields();
      setCreated(made);
    } catch (error) {
      const fields = (error as { errors?: FieldErrors })?.errors;
      if (fields) setConfirmErrors(fields);
      const text = showServerErrors(form, error);
      if (text) toast('error', text);
    } finally {
      setSaving(false);
    }
  };

  const revoke = async (key: ApiKeyView) => {
    try {
      await calls.revokeKey(key.id);
      toast('success', t('keys.revoked'));
    } catch {
      // The request layer has shown the server's message.
    }
  };

  const columns: TableProps<ApiKeyView>['columns'] = [
    { title: t('keys.name'), dataIndex: 'name' },
    { title: t('keys.prefix'), dataIndex: 'prefix', render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text> },
    { title: t('keys.role'), dataIndex: 'role', render: (role: string) => <Tag>{tOps(`types.${role}`)}</Tag> },
    { title: t('keys.money'), dataIndex: 'money', render: (m: boolean) => (m ? <Tag color="gold">{t('keys.yes')}</Tag> : t('keys.no')) },
    { title: t('keys.status'), dataIndex: 'status', render: (s: ApiKeyView['status']) => <Tag color={STATUS_COLOR[s]}>{t(`keys.statuses.${s}`)}</Tag> },
    { title: t('keys.expiresAt'), dataIndex: 'expiresAt', render: (at: string | null) => (at ? formatDateTime(at) : t('keys.never')) },
    { title: t('keys.lastUsedAt'), dataIndex: 'lastUsedAt', render: (at: string | null) => (at ? formatDateTime(at) : t('keys.notUsed')) },
    { title: t('keys.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
    {
      key: 'actions',
      render: (_: unknown, key: ApiKeyView) =>
        key.status === 'active' && (
          <Popconfirm title={t('keys.revokeConfirm', { name: key.name })} onConfirm={() => revoke(key)}>
            <Button size="small" type="link" danger>
              {t('keys.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('keys.title')}
        extra={
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('keys.create')}
          </Button>
        }
      >
        <Alert type="info" showIcon message={t('keys.intro')} style={{ marginBottom: 16 }} />
        <Table<ApiKeyView> rowKey="id" size="middle" loading={keys.isLoading} dataSource={keys.data?.records ?? []} columns={columns} pagination={false} locale={{ emptyText: t('keys.empty') }} scroll={{ x: true }} />
      </Card>
      <Modal open={creating} title={t('keys.create')} okText={t('keys.create')} confirmLoading={saving} onOk={() => form.submit()} onCancel={() => setCreating(false)} destroyOnHidden>
        <Form<KeyForm> form={form} layout="vertical" initialValues={{ role: 'viewer', money: false }} onFinish={(v) => void create(v)} preserve={false}>
          <Form.Item name="name" label={t('keys.name')} rules={[{ required: true, whitespace: true, max: API_KEY_NAME_MAX }]}>
            <Input maxLength={API_KEY_NAME_MAX} autoComplete="off" />
          </Form.Item>
          <Form.Item name="role" label={t('keys.role')} rules={[{ required: true }]}>
            <Select options={OPERATOR_TYPES.map((type) => ({ value: type, label: tOps(`types.${type}`) }))} />
          </Form.Item>
          <Form.Item name="money" label={t('keys.money')} valuePropName="checked" extra={t('keys.moneyHelp')}>
            <Switch />
          </Form.Item>
          <Form.Item name="expiresAt" label={t('keys.expiresAt')} extra={t('keys.never')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          {money && <MoneyConfirmField onChange={setConfirmation} errors={confirmErrors} />}
        </Form>
      </Modal>
      {created && (
        <SecretModal
          title={t('keys.secretTitle')}
          help={t('keys.secretHelp')}
          secrets={[
            { label: t('keys.secret'), value: created.secret },
            { label: t('keys.signingSecret'), value: created.signingSecret },
          ]}
          onClose={() => setCreated(null)}
        />
      )}
    </Space>
  );
}
