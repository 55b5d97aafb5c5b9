// npm run ledger:check: runs the ledger's invariants (src/server/ledger/invariants.ts: the core's
// and those the domains of src/server/domains contribute) on the configured database
// (DATABASE_URL, else the PGlite store under DATA_DIR, which a running server holds locked: stop
// it first, or ask a running server at GET /api/ops/ledger/check).
// Prints each invariant with OK or the rows that break it; exits 1 when any is broken.
import { configFromEnv } from '../src/server/config';
import { DataDirLockedError } from '../src/server/db/lock';
import { openStore } from '../src/server/db/store';
import { domains } from '../src/server/domains';
import { checkLedger, ledgerInvariants, ledgerSound } from '../src/server/ledger/invariants';

const config = configFromEnv();
const store = await openStore(config).catch((err: unknown) => {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(`${err.message}\nA running server answers the same check at GET /api/ops/ledger/check (ops users).`);
  process.exit(2);
});
const { database } = store;
const invariants = ledgerInvariants(domains);
const result = await checkLedger(database.db, invariants);
for (const [name, rows] of Object.entries(result)) {
  console.log(`${rows.length ? 'BROKEN' : 'OK    '} ${name}: ${invariants[name].description}`);
  for (const row of rows.slice(0, 20)) console.log(`         ${JSON.stringify(row)}`);
}
await store.close();
process.exit(ledgerSound(result) ? 0 : 1);
