import type { UserInfo } from '../../../shared/api';
import type { MutualServiceView } from '../../../shared/counterparties';
import { http } from '../../providers/http';

// The mutual-promise service (SPEC §7 Users openMutual; docs/decisions.md, Counterparties).

export const MUTUAL_STATUS_KEY = ['lsf', 'mutual', 'status'] as const;
export const MUTUAL_USER_KEY = ['lsf', 'mutual', 'user'] as const;

export const getMutualStatus = () => http.get<MutualServiceView>('/system/users/mutualStatus');
export const getUserInfo = () => http.get<UserInfo>('/system/users/info');
/** One key per click: a retried request after a lost answer is the same request. */
export const openMutual = (idempotencyKey: string) => http.post<MutualServiceView>('/system/users/openMutual', undefined, { headers: { 'Idempotency-Key': idempotencyKey } });
