// PGlite is single-process: a second server on the same DATA_DIR would corrupt it.
// proper-lockfile keeps a lock directory that goes stale if its holder dies.
import fs from 'node:fs';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(`DATA_DIR ${dataDir} is in use by another LSF server process. Stop it, or set DATA_DIR to another directory.`);
  }
}

/** Takes the exclusive lock on dataDir; resolves to the release function. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { lockfilePath: `${dataDir}/.lsf.lock`, stale: 10_000, update: 2_000 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}
