import type { AgreementView } from '../../shared/api';
import type { Variant } from '../../shared/menu';
import { useMemo } from 'react';
import { useSystemCall } from '../refine/systemData';

// SPEC §4 Notices and §7 Other: the platform agreement, then the unread announcements, read
// once per start (on demand, not cached) through the `system` data provider.

/** The agreement the server answers (src/shared/api.ts). */
export type PlatformAgreement = AgreementView;

export interface Notice {
  noticeId: string;
  noticeTitle: string;
  /** HTML, sanitized by the server on write and again here on render. */
  noticeContent: string;
  /** Older servers name it content (SPEC §3). */
  content?: string;
  publishedAt?: string;
}

/** The calls of the start-up dialogs; each rejects with the HttpError, already reported to the user. */
export function useAnnouncementCalls() {
  const call = useSystemCall();
  return useMemo(
    () => ({
      /** lsfGetAgreement?platform=<platform>, or mutualGetAgreement in the mutual variant (the variant file says which). */
      fetchAgreement: (variant: Variant) =>
        call<PlatformAgreement>('get', `/system/LoginPlatform/${variant.agreementEndpoint}`, { query: { platform: variant.noticePlatform } }),
      confirmAgreement: (variant: Variant) => call<PlatformAgreement>('get', '/system/LoginPlatform/confirm', { query: { platform: variant.noticePlatform } }),
      /** Oldest first: the order the dialog shows them. */
      fetchUnreadNotices: (platform: string) => call<Notice[]>('get', '/system/notice/unread', { query: { platform } }),
      markNoticeRead: (noticeId: string) => call<null>('get', '/system/notice/readed', { query: { noticeId } }),
    }),
    [call],
  );
}
