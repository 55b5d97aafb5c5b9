import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../system/announcements';
import { SafeHtml } from './SafeHtml';

/**
 * SPEC §2 Global announcement dialog: titled "announcement details" (notice.title), no mask or icon
 * close, one button. With several unread it says which of how many this is: a first sign-in meets
 * the agreement and then each notice, one dialog after another, and sees how many are left.
 */
export function NoticeModal({ notice, position, open, pending, onConfirm }: { notice: Notice | null; position: { index: number; total: number }; open: boolean; pending: boolean; onConfirm: () => void }) {
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
          {position.total > 1 ? (
            <p className="shell-notice__position" data-testid="notice-position">
              {t('notice.position', { index: position.index + 1, total: position.total })}
            </p>
          ) : null}
          <h3 className="shell-notice__title">{notice.noticeTitle}</h3>
          <SafeHtml className="shell-notice__content" html={notice.noticeContent ?? notice.content ?? ''} />
        </article>
      )}
    </Modal>
  );
}
