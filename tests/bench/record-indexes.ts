// npm run bench recordIndexes: what partitioning resource_records by resource (migration 0022)
// gains a write of one resource's record (docs/decisions.md "Records partitioned by resource").
// 10,000 contracts on PostgreSQL in (a) resource_records as the product makes it
// (ensureResourceIndexes: each resource's indexes on its own partition), updated as the server
// writes it, through the parent with the resource named (`where resource = 'contracts' and id =`,
// planned to the contracts' partition only); and (b) the layout before 0022: the same rows in one
// plain table carrying the table's own indexes and every resource's. The same UPDATE a collateral
// payment makes (state, version, data, updated_at of one contract by id) from 10 clients (the
// server's pool) with pgbench for ROUND_SECONDS, the two taking turns. Also the relation locks
// one such update takes, and how many miss PostgreSQL's 16 fast-path slots per backend.
// Prints figures only.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/client';
import { contributionsOf } from '../../src/server/domain';
import { domains } from '../../src/server/domains';
import { ensureResourceIndexes } from '../../src/server/resources/indexes';
import { partitionName } from '../../src/server/resources/partitions';
import { loadResources } from '../../src/server/resources/registry';
import { findPgBin, withPgDatabase } from '../support/pg-cluster';
import { repoRoot } from '../../scripts/lib/web-build';

const CONTRACTS = 10_000;
const CLIENTS = 10;
const ROUNDS = 2;
const ROUND_SECONDS = 10;
/** A contract's data of the usual size (~1.3 KB stored, as the ledger bench prints). */
const DATA = { title: '钢材采购合同', amount: '80000.00', collateralAmount: '16000.00', category: 'industrial', validUntil: '2099-12-31', deliveryDate: '2026-12-31', terms: 'x'.repeat(900) };

/** pgbench's transactions per second and mean latency (ms) of `script` on `url`. */
function pgbench(bin: string, url: string, script: string): { tps: number; latencyMs: number } {
  const out = execFileSync(path.join(bin, 'pgbench'), ['-n', '-c', String(CLIENTS), '-j', '2', '-T', String(ROUND_SECONDS), '-f', script, url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return { tps, latencyMs };
}

/** `def` (pg_indexes' CREATE INDEX) made on bench_one_table as `name`. */
function onOneTable(def: string, name: string): string {
  // pg_indexes writes a partitioned table's own index "ON ONLY".
  const made = def.replace(/^CREATE INDEX \S+ ON (ONLY )?\S+ USING /, `CREATE INDEX ${name} ON public.bench_one_table USING `);
  if (made === def) throw new Error(`bench: an index definition not understood: ${def}`);
  return made;
}

export async function benchRecordIndexes(): Promise<void> {
  const bin = findPgBin();
  const ran = bin
    ? await withPgDatabase('lsf_bench_record_indexes', async (url) => {
        const database = await openDatabase({ url });
        await ensureResourceIndexes(database.db, loadResources(repoRoot, contributionsOf(domains)));
        await database.close();
        const c = postgres(url, { max: 1, onnotice: () => {} });
        try {
          // Rows only: the foreign keys' users and accounts, and record_keys (its trigger), are not what this measures.
          await c`set session_replication_role = replica`;
          await c.unsafe(
            `insert into resource_records (id, resource, account_id, state, version, data, created_by, created_at, updated_by, updated_at, parties)
             select gen_random_uuid(), 'contracts', gen_random_uuid(), 'signed', 1, $1::jsonb, gen_random_uuid(), now(), gen_random_uuid(), now(),
                    jsonb_build_object('buyer', gen_random_uuid()::text, 'seller', gen_random_uuid()::text)
             from generate_series(1, ${CONTRACTS})`,
            [JSON.stringify(DATA)],
          );
          await c`set session_replication_role = origin`;
          await c`create table bench_ids as select row_number() over () as n, id from resource_records`;
          await c`create unique index on bench_ids (n)`;
          // The table before 0022: one table, key (id), its own indexes and every resource's (now on their partitions).
          await c`create table bench_one_table (like resource_records including defaults)`;
          await c`insert into bench_one_table select * from resource_records`;
          await c`alter table bench_one_table add primary key (id)`;
          const indexes = await c<{ def: string; name: string }[]>`
            select indexdef as def, indexname as name from pg_indexes
            where (tablename = 'resource_records' and indexname <> 'resource_records_id_resource_pk')
               or (indexname like 'rr\\_%' and tablename in (
                    select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'resource_records'::regclass))`;
          // A name of 63 bytes (the limit) has no room for the suffix: PostgreSQL picks one then.
          for (const index of indexes) await c.unsafe(onOneTable(index.def, index.name.length <= 59 ? `${index.name}_one` : ''));
          // As migration 0019 made it on the old table; the parent fires it on every update too.
          await c`create trigger bench_bills_copy_record after update on bench_one_table referencing new table as changed_records for each statement execute function bills_copy_record()`;
          await c`analyze`;
          const contracts = partitionName('contracts');
          const indexCount = async (table: string) => (await c<{ n: number }[]>`select count(*)::int as n from pg_indexes where tablename = ${table}`)[0].n;
          const partitioned = 'partitioned (the product)';
          const oneTable = 'one table (before 0022)';
          const tables = [
            { label: partitioned, table: 'resource_records', where: `resource = 'contracts' and id`, indexes: `the contracts' partition ${contracts} has ${await indexCount(contracts)} indexes` },
            { label: oneTable, table: 'bench_one_table', where: 'id', indexes: `bench_one_table has ${await indexCount('bench_one_table')} indexes` },
          ];

          // The locks one update takes, and how many are not fast-path (c has one connection: its own transaction).
          const locks: Record<string, string> = {};
          for (const { label, table, where } of tables) {
            await c`begin`;
            await c.unsafe(`update ${table} set version = version + 1 where ${where} = (select id from bench_ids where n = 1)`);
            const [row] = await c<{ fast: number; shared: number }[]>`
              select count(*) filter (where fastpath)::int as fast, count(*) filter (where not fastpath)::int as shared
              from pg_locks where pid = pg_backend_pid() and locktype = 'relation'`;
            await c`rollback`;
            locks[label] = `${row.fast + row.shared} relation locks, ${row.shared} in the shared lock table`;
          }

          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-bench-record-indexes-'));
          const scripts = tables.map(({ label, table, where }) => {
            const file = path.join(dir, `${table}.sql`);
            fs.writeFileSync(
              file,
              `\\set n random(1, ${CONTRACTS})\nupdate ${table} set state = 'collateralPaid', version = version + 1, data = data || jsonb_build_object('paidAt', now()::text), updated_at = now() where ${where} = (select id from bench_ids where n = :n);\n`,
            );
            return { label, file };
          });
          const results = new Map<string, Array<{ tps: number; latencyMs: number }>>();
          for (let round = 0; round < ROUNDS; round += 1) {
            for (const { label, file } of scripts) results.set(label, [...(results.get(label) ?? []), pgbench(bin!, url, file)]);
          }
          fs.rmSync(dir, { recursive: true, force: true });
          const rates = new Map<string, number>();
          for (const { label, indexes: counted } of tables) {
            const runs = results.get(label)!;
            const tps = runs.reduce((sum, r) => sum + r.tps, 0) / runs.length;
            rates.set(label, tps);
            const cores = os.availableParallelism();
            console.log(
              `recordIndexes[postgres]: ${label}: ${counted}; ${locks[label]}; ` +
                `a contract's UPDATE from ${CLIENTS} clients ${runs.map((r) => Math.round(r.tps)).join(' / ')} /s, mean ${runs.map((r) => r.latencyMs.toFixed(2)).join(' / ')} ms ` +
                `(the machine's ${cores} cores for ${((cores * 1000) / tps).toFixed(2)} ms per update)`,
            );
          }
          console.log(`recordIndexes[postgres]: partitioned, a contract updates ${(rates.get(partitioned)! / rates.get(oneTable)!).toFixed(1)}x as fast as in the one table before 0022`);
        } finally {
          await c.end();
        }
      })
    : false;
  if (!ran) console.log('recordIndexes[postgres]: no PostgreSQL with pgbench available (apt package postgresql); skipped');
}
