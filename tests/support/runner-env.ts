// What the test runner's environment gives the servers the tests build.

/**
 * The environment of every test (vitest.config.ts `env`) and of a bench that registers many users:
 * they register and sign in thousands of users, so a cheap scrypt (README "Configuration"), and,
 * all from 127.0.0.1, per-client limits far above what a run sends (tests/api/rate-limits.test.ts
 * sets low ones).
 */
export const RUNNER_ENV: Readonly<Record<string, string>> = {
  PASSWORD_HASH_COST: '10',
  RATE_LIMIT_VERIFY: '1000000/60',
  RATE_LIMIT_CAPTCHA: '1000000/60',
  RATE_LIMIT_SMS: '1000000/60',
  RATE_LIMIT_SMS_ADDRESS: '1000000/60',
  RATE_LIMIT_LOGIN: '1000000/60',
  RATE_LIMIT_REGISTER: '1000000/60',
  RATE_LIMIT_PROMOTION: '1000000/60',
  RATE_LIMIT_API_KEY: '1000000/60',
};

/**
 * The runner's RATE_LIMIT_* (vitest.config.ts: far above what a run sends from 127.0.0.1): servers
 * built here read their config from what a test passes, so these are passed along, under the test's own.
 */
export const runnerEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('RATE_LIMIT_') && e[1] !== undefined));
