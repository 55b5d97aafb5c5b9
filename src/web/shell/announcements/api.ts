import type { AgreementView } from '../../../shared/api';
import type { Variant } from '../../../shared/menu';
import { http } from '../../providers/http';

// SPEC §4 Notices and §7 Other: the platform agreement, then the unread announcements.

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

/** lsfGetAgreement?platform=<platform>, or mutualGetAgreement in the mutual variant (the variant file says which). */
export const fetchAgreement = (variant: Variant) =>
  http.get<PlatformAgreement>(`/system/LoginPlatform/${variant.agreementEndpoint}`, { query: { platform: variant.noticePlatform } });

export const confirmAgreement = (variant: Variant) =>
  http.get<PlatformAgreement>('/system/LoginPlatform/confirm', { query: { platform: variant.noticePlatform } });

/** Oldest first: the order the dialog shows them. */
export const fetchUnreadNotices = (platform: string) => http.get<Notice[]>('/system/notice/unread', { query: { platform } });

export const markNoticeRead = (noticeId: string) => http.get<null>('/system/notice/readed', { query: { noticeId } });
