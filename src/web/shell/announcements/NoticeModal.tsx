import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Notice } from './api';
import { SafeHtml } from './SafeHtml';

/** SPEC §2 Global announcement dialog: titled "announcement details" (notice.title), no mask or icon close, one button. */
export function NoticeModal({ notice, open, pending, onConfirm }: { notice: Notice | null; open: boolean; pending: boolean; onConfirm: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      open={open && notice !== null}
      title={t('notice.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" loading={pending} onClick={onConfirm}>
          {t('notice.confirm')}
        </Button>
      }
    >
      {notice && (
        <article className="shell-notice">
          <h3 className="shell-notice__title">{notice.noticeTitle}</h3>
          <SafeHtml className="shell-notice__content" html={notice.noticeContent ?? notice.content ?? ''} />
        </article>
      )}
    </Modal>
  );
}
