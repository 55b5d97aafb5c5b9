import { openDatabase } from '../../src/server/db/client';
import { withPgDatabase } from '../support/pg-cluster';
import { percentile } from '../support/money-load';
import { seedBills } from './bills';
import { benchServer, timeGet } from './http';
import { sql } from 'drizzle-orm';
await withPgDatabase('probe', async (url) => {
  const database = await openDatabase({ url });
  const seed = await seedBills(database);
  const server = await benchServer(database);
  await database.db.execute(sql`checkpoint`);
  await database.db.execute(sql`alter system set log_min_duration_statement = 3`);
  await database.db.execute(sql`select pg_reload_conf()`);
  for (const q of ['r/deposits?scope=mine&pageSize=10', 'r/bills?scope=payer&pageNo=1&pageSize=10', 'r/bills?scope=payer&pageNo=1&pageSize=10&state=paid', 'r/bills?scope=payee&pageNo=1&pageSize=10', 'r/contracts?scope=buyer&pageSize=10', 'user/info']) {
    const { times } = await timeGet(server.api + q, seed.token, 50, 5);
    console.log(q, 'p50', percentile(times, 50).toFixed(1), 'p99', percentile(times, 99).toFixed(1));
  }
  const fs = await import('node:fs');
  const dirs = fs.readdirSync('/tmp').filter((d) => d.startsWith('lsf-pg-')).map((d) => '/tmp/' + d).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  const log = fs.readFileSync(dirs[0] + '/log', 'utf8').split('\n').filter((l) => l.includes('duration'));
  const agg = new Map<string, number[]>();
  for (const l of log) { const m = /duration: ([\d.]+) ms\s+(?:statement|execute [^:]*): (.*)/.exec(l); if (!m) continue; const k = m[2].slice(0, 160); agg.set(k, [...(agg.get(k) ?? []), Number(m[1])]); }
  for (const [k, v] of [...agg].sort((a, b) => b[1].length - a[1].length).slice(0, 12)) console.log(v.length, 'x median', v.sort((a, b) => a - b)[Math.floor(v.length / 2)].toFixed(1), k);
  await server.close(); await database.close();
});
