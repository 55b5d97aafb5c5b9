// What the test runner's environment gives the servers the tests build.

/**
 * The runner's RATE_LIMIT_* (vitest.config.ts: far above what a run sends from 127.0.0.1): servers
 * built here read their config from what a test passes, so these are passed along, under the test's own.
 */
export const runnerEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('RATE_LIMIT_') && e[1] !== undefined));
