import type { Page } from '../../../shared/api';
import type { OperatorEventView, OperatorView, SubAccountOverview } from '../../../shared/operators';
import { http } from '../../providers/http';

// SPEC §7 Users, the sub-account family (see docs/decisions.md, Operators).

export const OVERVIEW_KEY = ['lsf', 'operators', 'overview'] as const;
export const LOG_KEY = ['lsf', 'operators', 'log'] as const;

export const queryOverview = () => http.get<SubAccountOverview>('/system/users/querySubAccount');
export const queryLog = (pageNo: number, pageSize: number) => http.get<Page<OperatorEventView>>('/system/users/subAccountLog', { query: { pageNo, pageSize } });

export interface OperatorInput {
  name: string;
  phone: string;
  operatorType: string;
}
export const addOperator = (input: OperatorInput) => http.post<OperatorView>('/system/users/subAccount', input, { silent: true });
export const editOperator = (id: string, input: Omit<OperatorInput, 'phone'>) => http.post<OperatorView>('/system/users/subAccount', { id, ...input }, { silent: true });

export type OperatorCommand = 'enableSubAccount' | 'disableSubAccount' | 'unbindSubAccount' | 'deleteSubAccount' | 'sendBindCode';
export const runCommand = (command: OperatorCommand, id: string) => http.post<unknown>(`/system/users/${command}`, { id });

export const bindOperator = (input: { phone: string; code: string; password: string }) => http.post<null>('/system/users/bindSubAccount', input, { silent: true });
