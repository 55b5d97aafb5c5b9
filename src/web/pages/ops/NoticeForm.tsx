import { Checkbox, Form, Input, Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../providers/httpError';
import { toast } from '../../providers/uiBridge';
import { SafeHtml } from '../../shell/announcements/SafeHtml';
import { PLATFORMS } from '../../variant';
import { useVariantText } from '../../variant/useVariantText';
import type { ManagedNotice, NoticeInput } from '../../system/ops';

/** Publish or edit a notice: title, platforms, HTML content with a sanitized preview. */
export function NoticeForm({
  open,
  editing,
  onSubmit,
  onClose,
}: {
  open: boolean;
  editing: ManagedNotice | null;
  onSubmit: (input: NoticeInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('opsNotices');
  const text = useVariantText();
  const [form] = Form.useForm<NoticeInput>();
  const [saving, setSaving] = useState(false);
  const content = Form.useWatch('noticeContent', form) ?? '';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ noticeTitle: editing.noticeTitle, noticeContent: editing.noticeContent, platforms: editing.platforms });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setFields(Object.entries(fields).map(([name, message]) => ({ name: name as keyof NoticeInput, errors: [message] })));
      else toast('error', (error as Error).message || t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('createTitle')}
      okText={editing ? t('save') : t('publish')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ platforms: [], noticeTitle: '', noticeContent: '' }}>
        <Form.Item name="noticeTitle" label={t('fields.title')} rules={[{ required: true, whitespace: true, message: t('required.title') }, { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="platforms" label={t('fields.platforms')} rules={[{ required: true, type: 'array', min: 1, message: t('required.platforms') }]}>
          <Checkbox.Group options={PLATFORMS.map((p) => ({ value: p.platform, label: `${text(p.name)} (${p.platform})` }))} />
        </Form.Item>
        <Tabs
          items={[
            {
              key: 'html',
              label: t('fields.content'),
              children: (
                <Form.Item name="noticeContent" rules={[{ required: true, whitespace: true, message: t('required.content') }]}>
                  <Input.TextArea rows={10} aria-label={t('fields.content')} placeholder={t('contentPlaceholder')} />
                </Form.Item>
              ),
            },
            {
              key: 'preview',
              label: t('preview'),
              children: <SafeHtml className="ops-notice-preview" html={content} />,
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
