// The wire contract between the console and the server (SPEC §7, DESIGN §4).
import type { SmsScene, UserType } from './constants';
import type { ResourceDefinition } from './resources/types';

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
  /** Records matching the list; when totalExact is false, a lower bound (the count stopped there). */
  total: number;
  /**
   * Absent when total is exact. false when the list has more matches than the server counts
   * (resource lists count up to 1,000): show the total as "N+" and keep a next page.
   */
  totalExact?: boolean;
  /** The list's declared totals (list.totals): field -> the sum over every match, yuan, two decimals. */
  totals?: Record<string, string>;
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
  /** The services the account has opened (src/shared/actor.ts); absent counts as none. */
  services?: Array<NonNullable<ResourceDefinition['requiresService']>>;
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

/** A notice (SPEC §3: noticeId, noticeTitle, noticeContent) as the notice endpoints answer it. */
export interface NoticeView {
  noticeId: string;
  noticeTitle: string;
  /** HTML, sanitized on write (server) and again on render (console). */
  noticeContent: string;
  platforms: string[];
  status: 'published' | 'withdrawn';
  publishedAt: string;
  read: boolean;
}

/** A message of the message centre, rendered in the caller's language. */
export interface MessageView {
  id: string;
  kind: string;
  title: string;
  content: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}

export interface TodoView {
  id: string;
  kind: string;
  title: string;
  link: string | null;
  businessType: '0' | '1';
  status: 'open' | 'done';
  createdAt: string;
  doneAt: string | null;
}

/** The platform agreement a user must accept after sign-in. */
export interface AgreementView {
  platform: string;
  version: string;
  agreed: boolean;
  agreedAt: string | null;
  title: string;
  sections: { heading: string; body: string }[];
}

/** An agreement the account accepted (POST /system/personal/agreementlist). */
export interface AgreementListItem {
  id: string;
  platform: string;
  version: string;
  title: string;
  agreedAt: string;
  agreedBy: string;
}

/** A versioned document of documents/agreements: a platform agreement, historical rules or the example terms. */
export interface AgreementDocumentView {
  id: string;
  platform: string;
  version: string;
  kind: 'platform' | 'rules' | 'demo' | 'service';
  effectiveFrom: string;
  title: string;
  sections: { heading: string; body: string }[];
}

/** An uploaded file; `url` is signed and valid for 10 minutes. */
export interface FileView {
  id: string;
  name: string;
  type: string;
  size: number;
  url: string;
}

export type AuthStatus = 'unverified' | 'submitted' | 'approved' | 'rejected';

/** One authentication submission (enterprise or personal) and its review. */
export interface AuthenticationView {
  id: string;
  kind: 'enterprise' | 'personal';
  data: Record<string, unknown>;
  status: 'submitted' | 'approved' | 'rejected';
  reason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
}

/** GET /api/funds/wallet: an account's balances, yuan strings with two decimals. */
export interface WalletView {
  /** What may be spent or withdrawn now. */
  available: string;
  /** Held by withdrawals being processed. */
  held: string;
  /** Collateral paid into escrow, not yet released or refunded. */
  escrow: string;
  /** Objection deposits paid, not yet returned or forfeited. */
  objectionDeposits: string;
}

/** A bank account money goes to: the platform's receiving account, or an account's own (withdrawals). */
export interface BankAccountView {
  /** The account holder's name. */
  accountName: string;
  /** The bank and branch. */
  bankName: string;
  /** The account number. */
  account: string;
}

/**
 * GET /api/funds/bank-accounts: where a deposit is transferred to (the platform's receiving
 * account; null when the server has none configured) and where the caller's withdrawals go (the
 * bank account of its approved authentication; null without one).
 */
export interface FundsBankAccounts {
  platform: BankAccountView | null;
  own: BankAccountView | null;
}

/** One China day of the account's wallet flows (GET /api/funds/flows/daily): yuan strings. */
export interface DailyFlowView {
  /** YYYY-MM-DD, China time. */
  day: string;
  inflow: string;
  outflow: string;
}

/** One sign-in of the demo world (GET /api/meta/demo, only when the server runs with --demo). */
export interface DemoLogin {
  /** buyer, seller, personal, purchaser, finance, viewer, sellerOperator or ops. */
  role: string;
  phone: string;
  /** Absent for operations configured with ADMIN_PHONE/ADMIN_PASSWORD. */
  password?: string;
  /** The payment password that confirms this person's money steps; absent for operations, who take none. */
  paymentPassword?: string;
  name: string;
}

export interface DemoLoginsResponse {
  logins: DemoLogin[];
}

/** One move in the audit trail (GET /api/audit): who or which job moved which record from what to what. */
export interface AuditEntry {
  /** The event's place in the trail: larger is later. */
  seq: number;
  at: string;
  resource: string;
  recordId: string;
  action: string;
  from: string | null;
  to: string | null;
  /** What the step was given (never a confirmation code or password). */
  input: Record<string, unknown>;
  /** A person, or a person's account acting through one of its API keys (`apiKey`: its name, "key <name>"), or a job. */
  actor: { kind: 'person'; userId: string; name: string; phone: string; accountId: string | null; accountName: string | null; apiKey?: { id: string; name: string } } | { kind: 'system'; job: string };
}

/**
 * One move of a record as the live stream (GET /api/events/stream) sends it: enough to refresh
 * what shows the record, nothing of its input.
 */
export interface LiveEvent {
  resource: string;
  id: string;
  action: string;
  from: string | null;
  to: string | null;
  version: number | null;
  at: string;
  /** A job moved it (expiry, the automatic release, a clearing run), not a person. */
  bySystem: boolean;
}
