// Wire shapes of the operator (sub-account) endpoints, shared by the server and the console.
import type { AuthStatus } from './permissions';

export type OperatorStatus = 'active' | 'disabled';
export type OperatorAction = 'add' | 'edit' | 'sendBindCode' | 'bind' | 'enable' | 'disable' | 'unbind' | 'delete';

export interface OperatorView {
  id: string;
  name: string;
  /** Full number for the owner, masked for everyone else. */
  phone: string;
  operatorType: string;
  status: OperatorStatus;
  bound: boolean;
  createdAt: string;
}

/** GET /system/users/querySubAccount */
export interface SubAccountOverview {
  account: { id: string; name: string; type: string; authStatus: AuthStatus };
  owner: { name: string; maskedPhone: string };
  /** The caller may add, edit, enable, disable, unbind, bind and delete (only the owner). */
  canManage: boolean;
  records: OperatorView[];
  total: number;
}

export interface OperatorEventView {
  id: string;
  action: OperatorAction;
  actorName: string;
  targetName: string;
  detail: Record<string, string>;
  createdAt: string;
}
