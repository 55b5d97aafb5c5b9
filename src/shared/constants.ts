// Business constants of SPEC §9 and the security numbers of the foundation issue.
// Both the browser and the server read them from here, so they cannot drift apart.

export const API_BASE = '/api';
export const HTTP_TIMEOUT_MS = 10_000;
/** Token lifetime: 7 days (SPEC §9). */
export const TOKEN_LIFETIME_MS = 604_800_000;

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_WRONG_TRIES = 5;
export const SMS_RESEND_WINDOW_MS = 60_000;
export const SMS_DAILY_LIMIT = 10;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60_000;
export const CAPTCHA_TTL_MS = 5 * 60_000;

export const PASSWORD_MIN_LENGTH = 6;

export const NOTICE_PAGE_SIZE = 10;
export const NEXT_NOTICE_DELAY_MS = 500;
export const CLOCK_REFRESH_MS = 1_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const FALLBACK_LANGUAGE: Language = 'en-US';

/** SMS scenes (DESIGN §4): a code sent for one scene is only accepted for that scene. */
export const SMS_SCENES = ['register', 'login', 'reset', 'updateMobile', 'verify', 'bindSubAccount', 'promotion'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

export const USER_TYPES = ['personal', 'enterprise'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Days after the seller marks delivery before escrowed collateral is released without the buyer (DESIGN §5). */
export const AUTO_RELEASE_DAYS = 7;
/** A contract's payment term when it names none: its bill falls due this many days after completion (DESIGN §9). */
export const PAYMENT_TERM_DEFAULT_DAYS = 30;
/** A bill's payer is reminded this many days before its due day. */
export const BILL_DUE_SOON_DAYS = 3;
/** The objection deposit: this percentage of the contract's collateral... */
export const OBJECTION_DEPOSIT_PERCENT = 10;
/** ...and at least this much (fen): an objection always costs something if it is unfounded. */
export const OBJECTION_DEPOSIT_MIN_FEN = 10_000n;

/** Days of inflow and outflow the home page charts (GET /api/funds/flows/daily). */
export const FLOW_CHART_DAYS = 30;
