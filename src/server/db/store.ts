// The configured database of a process: PostgreSQL at DATABASE_URL, else the PGlite store under
// DATA_DIR, locked first (PGlite is single-process; lockDataDir throws DataDirLockedError when
// another process holds it). The server and npm run ledger:check open it the same way.
import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { lockDataDir } from './lock';

export async function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<{ database: Database; close: () => Promise<void> }> {
  const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/pgdata` });
  return {
    database,
    close: async () => {
      await database.close();
      await release?.();
    },
  };
}
