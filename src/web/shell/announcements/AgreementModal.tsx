import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlatformAgreement } from '../../system/announcements';

/** The platform agreement: it cannot be dismissed; agreeing goes on, declining signs out. */
export function AgreementModal({
  agreement,
  pending,
  onAgree,
  onDecline,
}: {
  agreement: PlatformAgreement | null;
  pending: boolean;
  onAgree: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      open={agreement !== null}
      title={agreement?.title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={720}
      footer={[
        <Button key="decline" onClick={onDecline} disabled={pending}>
          {t('agreement.decline')}
        </Button>,
        <Button key="agree" type="primary" loading={pending} onClick={onAgree}>
          {t('agreement.agree')}
        </Button>,
      ]}
    >
      <div className="shell-agreement">
        {agreement?.sections.map((section) => (
          <section key={section.heading}>
            <h5 className="shell-agreement__heading">{section.heading}</h5>
            <p>{section.body}</p>
          </section>
        ))}
      </div>
    </Modal>
  );
}
