import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, HttpError } from '../../../providers/httpError';
import { errorText } from '../../../providers/httpErrorPolicy';
import { toast } from '../../../providers/uiBridge';
import { useReviewDecisions } from '../../../system/opsAuthentication';

/** The server's bounds of a rejection reason (trimmed). */
export const REASON_MIN = 2;
export const REASON_MAX = 200;

interface Props {
  id: string;
  open: boolean;
  onClose(): void;
  onRejected(): void;
  /** Reviewed by someone else meanwhile (409). */
  onConflict(): void;
}

/** Reject with a reason (2..200 characters) the user will read on their authentication page. */
export function RejectModal({ id, open, onClose, onRejected, onConflict }: Props) {
  const { t } = useTranslation('authentication');
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const { reject: rejectReview } = useReviewDecisions();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await rejectReview(id, values.reason.trim());
      toast('success', t('ops.rejected'));
      form.resetFields();
      onRejected();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setFields([{ name: 'reason', errors: [fields.reason ?? Object.values(fields).join(' ')] }]);
      else if (error instanceof HttpError && error.code === 409) {
        form.resetFields();
        onConflict();
      } else if (error instanceof HttpError) toast('error', errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('ops.rejectTitle')}
      okText={t('ops.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('ops.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label={t('ops.reason')}
          rules={[
            { required: true, whitespace: true, message: t('ops.reasonRequired') },
            {
              validator: (_, value: string | undefined) => {
                const length = (value ?? '').trim().length;
                return length === 0 || (length >= REASON_MIN && length <= REASON_MAX)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('ops.reasonLength', { min: REASON_MIN, max: REASON_MAX })));
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={REASON_MAX} showCount placeholder={t('ops.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
