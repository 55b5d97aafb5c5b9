// Global setup of the api-pglite project: the run's migrated PGlite template (template.ts), whose
// data directory each test server copies.
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template's data directory (template.ts), on the api-pglite project. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await buildPgliteTemplate();
  project.provide('pgliteTemplate', template.dir);
  return () => template.remove();
}
