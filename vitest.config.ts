import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resourceGatesPlugin } from './scripts/lib/vite-resource-gates.ts';
import { pgAvailable } from './tests/support/pg-bin.ts';
import { RUNNER_ENV } from './tests/support/runner-env.ts';

// Each API file runs once on PostgreSQL, the production store (api-postgres runs them all). The
// api-pglite project runs these, which test what is PGlite's own; on a machine without PostgreSQL
// (api-postgres then skips) it runs every API file instead, so the whole API suite still runs.
const PGLITE_API_FILES = [
  // The server as a process on PGlite: DATA_DIR, its exclusive lock, migrations at start, restarts (PGlite only).
  'tests/api/process.test.ts',
  // The cheap "every migration applied?" check a PGlite restart makes (PGlite only).
  'tests/api/migrations-check.test.ts',
  // Migration 0022 and the partitions' record moves on an embedded store the release before left.
  'tests/api/records-partitioned.test.ts',
  // The driver's transactions on PGlite's single connection: one at a time, savepoints, rollbacks.
  'tests/api/transactions.test.ts',
  // The ledger's invariants and its races serialised on the single connection.
  'tests/api/ledger.test.ts',
  // Payment-password tries racing on one connection: counted after each transaction, still locked.
  'tests/api/confirm-money.test.ts',
  // `npm start -- --demo`, the embedded default's journey: seeded over the API, every demo login.
  'tests/api/demo.test.ts',
  // The template copy on PGlite (a data directory) and its schema stamp, trusted only when current.
  'tests/api/schema-stamp.test.ts',
];

// One runner, several projects: what each needs to run is set here, not in the tests.
// `npm test` (scripts/test.ts) runs them all and prints a closing "N passed, N failed" line.
export default defineConfig({
  plugins: [react(), resourceGatesPlugin(import.meta.dirname)],
  test: {
    // After the usual report, the tests that passed only on a retry (scripts/test.ts passes the same).
    reporters: ['default', './tests/support/retried-reporter.ts'],
    // Every test's expect calls, counted into its meta; the reporter prints the run's total.
    setupFiles: ['tests/support/assertion-count.ts'],
    // vitest uses one worker fewer than the CPUs: on the 2-core CI machine that is one worker,
    // and the API suites (which mostly wait on the database) ran strictly one file at a time.
    maxWorkers: 2,
    // A cheap scrypt and per-client limits far above what a run sends (tests/support/runner-env.ts);
    // tests/support/server.ts passes these RATE_LIMIT_* to the servers it builds.
    env: { ...RUNNER_ENV },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          // One copy of react-router: refine's router binding must share the app's.
          server: { deps: { inline: [/@refinedev\//] } },
          environment: 'jsdom',
          setupFiles: ['tests/support/web-setup.ts'],
          // expect.poll waits on what the user sees; 1 s (vitest's default) is too short on a busy machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          // One module graph per worker, not per file: every file builds its own app and
          // database, and importing the server anew for each of ~45 files cost minutes.
          isolate: false,
          include: pgAvailable() ? PGLITE_API_FILES : ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          // The run's migrated template, copied for each test server (tests/support/template.ts).
          globalSetup: ['tests/support/pglite-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          // One module graph per worker, not per file: every file builds its own app and
          // database, and importing the server anew for each of ~45 files cost minutes.
          isolate: false,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/support/postgres-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The run's migrated PGlite template (each journey's server starts on a copy) and the consoles.
          globalSetup: ['tests/support/pglite-global.ts', 'tests/support/e2e-global.ts'],
          // Bounds, not pauses: a journey ends when its pages have shown what it waits for.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 30_000 } },
          // One module graph per worker: its journeys share one Chromium (tests/support/browser.ts
          // takeWorkerBrowser), each in its own browser contexts, with its own server and database.
          isolate: false,
          // Two journeys side by side: one at a time cost about ten minutes of CI. A retry is
          // insurance only: a journey that passes on its second attempt is named at the end of
          // the run (tests/support/retried-reporter.ts) to be fixed, and one that fails twice
          // fails the run.
          fileParallelism: true,
          retry: 1,
        },
      },
    ],
  },
});
