import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_TYPES } from '../../../shared/permissions';
import { isMobile } from '../../../shared/validators';
import type { OperatorView } from '../../../shared/operators';
import { fieldErrorsOf, HttpError } from '../../providers/httpError';
import { toast } from '../../providers/uiBridge';
import { useOperatorCalls, type OperatorInput } from '../../system/operator';

interface Props {
  /** The operator to edit, or null to add one. */
  editing: OperatorView | null;
  onClose: (saved: boolean) => void;
}

/** Add an operator (name, phone, type) or change an operator's name and type. */
export default function OperatorForm({ editing, onClose }: Props) {
  const { t } = useTranslation('operators');
  const [form] = Form.useForm<OperatorInput>();
  const [saving, setSaving] = useState(false);
  const { addOperator, editOperator } = useOperatorCalls();

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (editing) await editOperator(editing.id, { name: values.name, operatorType: values.operatorType });
      else {
        await addOperator(values);
        toast('success', t('do.codeSent'));
      }
      onClose(true);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setFields(Object.entries(fields).map(([name, message]) => ({ name: name as keyof OperatorInput, errors: [message] })));
      else if (error instanceof HttpError) toast('error', error.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(editing ? 'form.editTitle' : 'form.addTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={editing ? { name: editing.name, phone: editing.phone, operatorType: editing.operatorType } : { operatorType: 'viewer' }}>
        <Form.Item name="name" label={t('list.name')} rules={[{ required: true, whitespace: true, message: t('validation:required') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={t('list.phone')} rules={[{ required: !editing, validator: async (_, v?: string) => { if (!editing && !isMobile(v ?? '')) throw new Error(t('validation:mobile')); } }]}>
          <Input maxLength={11} disabled={!!editing} />
        </Form.Item>
        <Form.Item name="operatorType" label={t('list.operatorType')} rules={[{ required: true }]}>
          <Select options={OPERATOR_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
