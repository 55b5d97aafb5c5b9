// Global setup of the api-postgres project: one PostgreSQL for the run, each test file then
// creates its own database on it. Required in CI; elsewhere the project says why it skipped.
import type { TestProject } from 'vitest/node';
import { startPg } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
    /** The same server through its Unix socket (`?host=<dir>`), when this run started it. */
    pgSocketUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startPg();
  if (!pg && process.env.CI === 'true') {
    throw new Error('CI=true but no PostgreSQL: set TEST_DATABASE_URL or install the postgresql package.');
  }
  if (!pg) console.warn('[api-postgres] no PostgreSQL found (TEST_DATABASE_URL or apt package postgresql): PostgreSQL API tests skipped.');
  project.provide('pgUrl', pg?.url ?? null);
  project.provide('pgSocketUrl', pg?.socketUrl ?? null);
  return () => pg?.stop();
}
