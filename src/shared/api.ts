// The wire contract between the console and the server (SPEC §7, DESIGN §4).
import type { SmsScene, UserType } from './constants';

/** Every response, errors included, is this envelope. Success is code 200 (0 is accepted too). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const isSuccessCode = (code: unknown): boolean => code === 200 || code === 0;

/** 400 responses carry the offending fields: field name -> message in the caller's language. */
export type FieldErrors = Record<string, string>;

export interface Page<T> {
  records: T[];
  total: number;
}

export interface CaptchaResponse {
  uuid: string;
  /** A data URL the browser can put straight into <img src>. */
  img: string;
}

export interface SmsCodeRequest {
  phone: string;
  scene: SmsScene;
}

export interface RegisterRequest {
  userType: UserType;
  enterpriseName?: string;
  phone: string;
  code: string;
  password: string;
  agree: true;
}

export interface LoginRequest {
  username: string;
  password: string;
  uuid: string;
  captchaCode: string;
}

export interface LoginCodeRequest {
  phone: string;
  code: string;
}

export interface ResetRequest {
  phone: string;
  code: string;
  password: string;
}

export interface TokenResponse {
  access_token: string;
  expires_in: number;
}

export interface PermissionEntry {
  permissionId: string;
  actionEntitySet: { action: string; describe?: string; defaultCheck?: boolean }[];
}

export interface Role {
  id: string;
  name: string;
  permissions: PermissionEntry[];
  /** Derived from permissions[].permissionId (SPEC §3). */
  permissionList?: string[];
}

/** GET /api/user/info */
export interface Profile {
  id: string;
  name: string;
  avatar: string;
  role: Role;
}

/** GET /api/system/users/info, stored in localStorage as `userinfo`. */
export interface UserInfo {
  id: string;
  phone: string;
  maskedPhone: string;
  name: string;
  type: UserType | 'ops';
  accountId: string;
  accountName: string;
  authStatus: 'unverified' | 'submitted' | 'approved' | 'rejected';
  isOwner: boolean;
  createdAt: string;
}

export interface OutboxResponse {
  sms: { phone: string; code: string; scene: SmsScene; sentAt: string }[];
  captcha: { uuid: string; answer: string }[];
}
