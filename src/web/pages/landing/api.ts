import type { PromotionPhoneView } from '../../../shared/promotion';
import { http } from '../../providers/http';

// The promotion phone pair (SPEC §7 Other; docs/decisions.md, Issue 9 rest): open to visitors.

export const checkPromotionPhone = (phoneNo: string) => http.get<PromotionPhoneView>('/system/promotion/checkPhone', { query: { phoneNo }, silent: true });
export const savePromotionPhone = (phoneNo: string, code: string) =>
  http.post<PromotionPhoneView>('/system/promotion/savePhone', undefined, { query: { phoneNo, code }, silent: true });
