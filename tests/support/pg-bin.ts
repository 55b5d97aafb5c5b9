// Where this machine's PostgreSQL is, asked by pg-cluster.ts and by vitest.config.ts (which
// decides whether api-pglite runs every API file); no imports of the project's, so the config
// loads it as it is.
import fs from 'node:fs';
import path from 'node:path';

/** The newest PostgreSQL's bin directory of the machine (apt package `postgresql`), or null. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

/** Whether the run can have a PostgreSQL (pg-cluster.ts startPg): a URL is given, or the machine has the binaries. */
export function pgAvailable(): boolean {
  return !!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || findPgBin());
}
