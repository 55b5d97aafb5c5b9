// Global setup of the api-postgres project: one PostgreSQL for the run and on it the run's
// migrated template (template.ts), of which each test server creates its own copy. Required in
// CI; elsewhere the project says why it skipped (and api-pglite runs every API file instead).
import type { TestProject } from 'vitest/node';
import { startPg } from './pg-cluster';
import { buildPgTemplate } from './template';

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
  if (pg) {
    try {
      await buildPgTemplate(pg.url);
    } catch (err) {
      pg.stop();
      throw err;
    }
  }
  project.provide('pgUrl', pg?.url ?? null);
  project.provide('pgSocketUrl', pg?.socketUrl ?? null);
  return () => pg?.stop();
}
