// Runtime configuration, read once from the environment (README "Configuration").
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Where the embedded PGlite database and uploads live. */
  dataDir: string;
  /**
   * Where uploaded files are kept: STORAGE_DIR, else DATA_DIR/uploads. Several nodes on one
   * PostgreSQL point it (or DATA_DIR) at one shared directory.
   */
  storageDir: string;
  /** TEST_CLOCK=1: a clock tests move with POST /api/dev/clock (refused in production). */
  testClock: boolean;
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  production: boolean;
  smsProvider: string;
  adminPhone?: string;
  adminPassword?: string;
  /** Built SPA to serve; absent means API only. */
  webDist?: string;
  /**
   * Variants to serve, each on its own origin: the first on PORT, the next on PORT+1, ...
   * One API and one database behind all of them (VARIANTS=main,xhn,szdj,jjsk).
   */
  variants: string[];
  /** Root of schemas/ (menu, permissions, resources); the repository by default. */
  schemaRoot?: string;
  /** `--demo` or DEMO=1: seed the demo world on an empty store and show its logins (never in production). */
  demo: boolean;
  /**
   * The platform's receiving bank account, where users transfer deposits (shown on the deposit
   * form): PLATFORM_ACCOUNT_NAME, PLATFORM_BANK and PLATFORM_ACCOUNT. Outside production a
   * development sample stands in; in production, without them, the form says to ask operations.
   */
  platformAccount?: { accountName: string; bankName: string; account: string };
  /** Per-client request limits of the public endpoints (RATE_LIMIT_<RULE>; plugins/rateLimit.ts). */
  rateLimits: RateLimits;
}

/** The public endpoints limited per client, each rule counting the requests of its routes together. */
export const RATE_LIMIT_RULES = ['verify', 'captcha', 'sms', 'smsAddress', 'login', 'register', 'promotion', 'apiKey'] as const;
export type RateLimitRule = (typeof RATE_LIMIT_RULES)[number];
/** At most `max` requests per client in a window of `windowSeconds` from its first; null: no limit. */
export type RateLimit = { max: number; windowSeconds: number } | null;
export type RateLimits = Record<RateLimitRule, RateLimit>;

/**
 * Production defaults (docs/decisions.md "Rate limits"): generous for a company of many users
 * behind one address, tight enough that one client cannot drive SMS costs, mint captchas or
 * try passwords across accounts at speed. The per-phone SMS limits and the account lockout stay.
 */
export const DEFAULT_RATE_LIMITS: Record<RateLimitRule, string> = {
  verify: '60/60', // receipt verification (GET /api/public/receipts/:id): a person scanning receipts
  captcha: '30/60', // GET /api/captchaImage: one per sign-in attempt or refresh
  sms: '20/3600', // POST /api/smscode per (phone, client): an office behind one address is many clients; on top of 60 s and the daily caps per phone
  smsAddress: '300/3600', // POST /api/smscode per client, whatever the phone: one address cannot send to many phones at speed
  login: '30/300', // POST /api/login, /api/logincode, /api/reset
  register: '10/3600', // POST /api/register
  promotion: '30/60', // GET /api/system/promotion/checkPhone, POST .../savePhone
  apiKey: '600/60', // every request of one API key (per key, not per address: plugins/auth.ts)
};

/** The variable of a rule: RATE_LIMIT_LOGIN, RATE_LIMIT_SMS_ADDRESS. */
export const rateLimitVariable = (rule: RateLimitRule) => `RATE_LIMIT_${rule.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** `RATE_LIMIT_LOGIN=30/300` (30 requests per 300 s) or `off`. */
export function parseRateLimit(name: string, value: string): RateLimit {
  if (value.trim() === 'off') return null;
  const m = /^\s*(\d{1,9})\s*\/\s*(\d{1,7})\s*$/.exec(value);
  const max = Number(m?.[1]);
  const windowSeconds = Number(m?.[2]);
  if (!m || max < 1 || windowSeconds < 1) throw new Error(`${name} must be <requests>/<seconds> (e.g. 30/300) or off, not ${value}`);
  return { max, windowSeconds };
}

function rateLimitsFrom(env: NodeJS.ProcessEnv): RateLimits {
  const out = {} as RateLimits;
  for (const rule of RATE_LIMIT_RULES) {
    const name = rateLimitVariable(rule);
    out[rule] = parseRateLimit(name, env[name] ?? DEFAULT_RATE_LIMITS[rule]);
  }
  return out;
}

/** Outside production, the receiving account the deposit form shows when none is configured (not a real account). */
export const SAMPLE_PLATFORM_ACCOUNT = { accountName: '链上付平台资金结算专户（开发示例）', bankName: '示例银行 杭州分行营业部', account: '6200 0000 0000 0000 000' };

function platformAccountFrom(env: NodeJS.ProcessEnv, production: boolean): Config['platformAccount'] {
  const { PLATFORM_ACCOUNT_NAME: accountName, PLATFORM_BANK: bankName, PLATFORM_ACCOUNT: account } = env;
  if (accountName && bankName && account) return { accountName, bankName, account };
  return production ? undefined : SAMPLE_PLATFORM_ACCOUNT;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const variants = (env.VARIANTS ?? env.VARIANT ?? 'main').split(',').map((v) => v.trim()).filter(Boolean);
  const variant = variants[0] ?? 'main';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const testClock = env.TEST_CLOCK === '1';
  if (testClock && env.NODE_ENV === 'production') throw new Error('TEST_CLOCK=1 is refused with NODE_ENV=production: it lets a client move the server\'s clock.');
  return {
    variants,
    schemaRoot: env.SCHEMA_ROOT ? path.resolve(env.SCHEMA_ROOT) : undefined,
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    storageDir: env.STORAGE_DIR ? path.resolve(env.STORAGE_DIR) : path.join(dataDir, 'uploads'),
    testClock,
    databaseUrl: env.DATABASE_URL || undefined,
    production: env.NODE_ENV === 'production',
    smsProvider: env.SMS_PROVIDER ?? 'console',
    adminPhone: env.ADMIN_PHONE || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demo: env.DEMO === '1' || env.DEMO === 'true',
    platformAccount: platformAccountFrom(env, env.NODE_ENV === 'production'),
    rateLimits: rateLimitsFrom(env),
    // WEB_DIST='' runs the API alone (npm run dev serves the console through Vite).
    webDist: env.WEB_DIST === '' ? undefined : path.resolve(env.WEB_DIST ?? `dist/web/${variant}`),
  };
}
