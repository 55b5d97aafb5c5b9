// npm run ledger:check: runs the ledger's invariants (src/server/ledger/invariants.ts) on the
// configured database (DATABASE_URL, else the PGlite store under DATA_DIR, which a running
// server holds locked: stop it first, or ask a running server at GET /api/ops/ledger/check).
// Prints each invariant with OK or the rows that break it; exits 1 when any is broken.
import { configFromEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError, lockDataDir } from '../src/server/db/lock';
import { INVARIANTS, checkLedger, ledgerSound } from '../src/server/ledger/invariants';

const config = configFromEnv();
let release: (() => Promise<void>) | undefined;
if (!config.databaseUrl) {
  try {
    release = await lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`${err.message}\nA running server answers the same check at GET /api/ops/ledger/check (ops users).`);
      process.exit(2);
    }
    throw err;
  }
}
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/pgdata` });
const result = await checkLedger(database.db);
for (const [name, rows] of Object.entries(result)) {
  console.log(`${rows.length ? 'BROKEN' : 'OK    '} ${name}: ${INVARIANTS[name].description}`);
  for (const row of rows.slice(0, 20)) console.log(`         ${JSON.stringify(row)}`);
}
await database.close();
await release?.();
process.exit(ledgerSound(result) ? 0 : 1);
