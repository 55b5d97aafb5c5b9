import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { NEXT_NOTICE_DELAY_MS } from '../../../shared/constants';
import { useSignOut } from '../../refine/useSignOut';
import { VARIANT } from '../../variant';
import { useAnnouncementCalls, type Notice, type PlatformAgreement } from '../../system/announcements';

// The dialogs (antd's Modal) load when there is something to show, not with the shell.
const AgreementModal = lazy(() => import('./AgreementModal').then(({ AgreementModal }) => ({ default: AgreementModal })));
const NoticeModal = lazy(() => import('./NoticeModal').then(({ NoticeModal }) => ({ default: NoticeModal })));

/**
 * SPEC §4 Notices, once per start of the console (after sign-in, or opening it with a token):
 * the platform agreement first, until agreed; then the unread notices of the variant's platform,
 * one at a time. Confirming one marks it read, closes the dialog, waits 500 ms and shows the
 * next; after the last the dialog stays closed.
 */
export const Announcements = memo(function Announcements() {
  const signOut = useSignOut();
  const { fetchAgreement, confirmAgreement, fetchUnreadNotices, markNoticeRead } = useAnnouncementCalls();
  const started = useRef(false);
  const nextTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [agreement, setAgreement] = useState<PlatformAgreement | null>(null);
  // Once asked, the agreement dialog stays mounted so that it closes with its animation.
  const [agreementAsked, setAgreementAsked] = useState(false);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const showNotices = useCallback(async () => {
    const unread = await fetchUnreadNotices(VARIANT.noticePlatform).catch(() => [] as Notice[]);
    if (!Array.isArray(unread) || unread.length === 0) return;
    setNotices(unread);
    setIndex(0);
    setOpen(true);
  }, [fetchUnreadNotices]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetchAgreement(VARIANT).then(
      (current) => {
        if (current.agreed) return showNotices();
        setAgreement(current);
        setAgreementAsked(true);
      },
      () => {
        // The HTTP client has told the user; without the agreement flag no notices are shown.
      },
    );
  }, [fetchAgreement, showNotices]);

  useEffect(() => () => clearTimeout(nextTimer.current), []);

  const agree = async () => {
    setPending(true);
    try {
      const confirmed = await confirmAgreement(VARIANT);
      if (!confirmed.agreed) return;
      setAgreement(null);
      await showNotices();
    } catch {
      // Reported by the HTTP client; the agreement stays up to try again.
    } finally {
      setPending(false);
    }
  };

  const confirmNotice = async () => {
    const notice = notices[index];
    if (!notice) return;
    setPending(true);
    try {
      await markNoticeRead(notice.noticeId);
    } catch {
      setPending(false);
      return; // Reported by the HTTP client; the notice stays up to confirm again.
    }
    setPending(false);
    setOpen(false);
    if (index + 1 < notices.length) {
      nextTimer.current = setTimeout(() => {
        setIndex(index + 1);
        setOpen(true);
      }, NEXT_NOTICE_DELAY_MS);
    }
  };

  return (
    <Suspense fallback={null}>
      {agreementAsked && <AgreementModal agreement={agreement} pending={pending} onAgree={() => void agree()} onDecline={() => void signOut()} />}
      {/* Once shown, the notice dialog stays mounted so that it closes with its animation. */}
      {notices.length > 0 && <NoticeModal notice={notices[index] ?? null} position={{ index, total: notices.length }} open={open} pending={pending} onConfirm={() => void confirmNotice()} />}
    </Suspense>
  );
});
