import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The secrets of a key or an endpoint, shown once after it is made: each with a copy button. The
 * server never answers them again, so the dialog closes only when the owner says they are stored.
 */
export function SecretModal({ title, help, secrets, onClose }: { title: string; help: string; secrets: { label: string; value: string }[]; onClose(): void }) {
  const { t } = useTranslation('machines');
  return (
    <Modal
      open
      title={title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('keys.done')}
        </Button>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={help} />
        {secrets.map((s) => (
          <div key={s.label}>
            <Typography.Text strong>{s.label}</Typography.Text>
            <Typography.Paragraph
              code
              data-testid={`secret-${s.label}`}
              style={{ wordBreak: 'break-all', marginTop: 4 }}
              copyable={{ text: s.value, tooltips: [t('keys.copy'), t('keys.copied')] }}
            >
              {s.value}
            </Typography.Paragraph>
          </div>
        ))}
      </Space>
    </Modal>
  );
}
