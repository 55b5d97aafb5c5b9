// npm run bench recordIndexes: what every resource's partial indexes on the one resource_records
// table cost a write of one resource (docs/decisions.md "Collateral payments: the record table's
// indexes"). 10,000 contracts on PostgreSQL with the product's indexes (ensureResourceIndexes),
// and the same rows in a table that carries only the contracts' indexes and the table's own:
// what a partition of resource_records by resource would carry. The same UPDATE a collateral
// payment makes (state, version, data, updated_at of one contract by id) from 10 clients (the
// server's pool) with pgbench for ROUND_SECONDS, the two tables taking turns. Also the relation
// locks one such update takes, and how many miss PostgreSQL's 16 fast-path slots per backend.
// Prints figures only.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/client';
import { installDomains } from '../../src/server/domain';
import { domains } from '../../src/server/domains';
import { ensureResourceIndexes } from '../../src/server/resources/indexes';
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

export async function benchRecordIndexes(): Promise<void> {
  const bin = findPgBin();
  const ran = bin
    ? await withPgDatabase('lsf_bench_record_indexes', async (url) => {
        const database = await openDatabase({ url });
        await ensureResourceIndexes(database.db, loadResources(repoRoot, installDomains(domains)));
        await database.close();
        const c = postgres(url, { max: 1, onnotice: () => {} });
        try {
          // Rows only: the foreign keys' users and accounts are not what this measures.
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
          // The contracts' partition, as partitioning would leave it: the table's own indexes and the contracts' ones.
          await c`create table bench_contracts_only (like resource_records including defaults including constraints)`;
          await c`insert into bench_contracts_only select * from resource_records`;
          await c`alter table bench_contracts_only add primary key (id)`;
          const own = await c<{ def: string; name: string }[]>`
            select indexdef as def, indexname as name from pg_indexes
            where tablename = 'resource_records' and (indexname like 'rr\\_contracts\\_%' or indexname like 'resource\\_records\\_%') and indexname <> 'resource_records_pkey'`;
          for (const index of own) await c.unsafe(index.def.replace(`INDEX ${index.name} ON public.resource_records`, `INDEX ${index.name}_only ON public.bench_contracts_only`));
          await c`analyze`;
          const indexCount = async (table: string) => (await c<{ n: number }[]>`select count(*)::int as n from pg_indexes where tablename = ${table}`)[0].n;
          const tables = { 'resource_records (every resource)': 'resource_records', 'contracts only (a partition)': 'bench_contracts_only' };
          const counts = Object.fromEntries(await Promise.all(Object.entries(tables).map(async ([label, table]) => [label, await indexCount(table)])));

          // The locks one update takes, and how many are not fast-path (c has one connection: its own transaction).
          const locks: Record<string, string> = {};
          for (const [label, table] of Object.entries(tables)) {
            await c`begin`;
            await c.unsafe(`update ${table} set version = version + 1 where id = (select id from bench_ids where n = 1)`);
            const [row] = await c<{ fast: number; shared: number }[]>`
              select count(*) filter (where fastpath)::int as fast, count(*) filter (where not fastpath)::int as shared
              from pg_locks where pid = pg_backend_pid() and locktype = 'relation'`;
            await c`rollback`;
            locks[label] = `${row.fast + row.shared} relation locks, ${row.shared} in the shared lock table`;
          }

          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-bench-record-indexes-'));
          const scripts = Object.fromEntries(
            Object.entries(tables).map(([label, table]) => {
              const file = path.join(dir, `${table}.sql`);
              fs.writeFileSync(
                file,
                `\\set n random(1, ${CONTRACTS})\nupdate ${table} set state = 'collateralPaid', version = version + 1, data = data || jsonb_build_object('paidAt', now()::text), updated_at = now() where id = (select id from bench_ids where n = :n);\n`,
              );
              return [label, file];
            }),
          );
          const results = new Map<string, Array<{ tps: number; latencyMs: number }>>();
          for (let round = 0; round < ROUNDS; round += 1) {
            for (const [label, file] of Object.entries(scripts)) results.set(label, [...(results.get(label) ?? []), pgbench(bin!, url, file)]);
          }
          fs.rmSync(dir, { recursive: true, force: true });
          const rates = new Map<string, number>();
          for (const [label, runs] of results) {
            const tps = runs.reduce((sum, r) => sum + r.tps, 0) / runs.length;
            rates.set(label, tps);
            const cores = os.availableParallelism();
            console.log(
              `recordIndexes[postgres]: ${label}: ${counts[label]} indexes; ${locks[label]}; ` +
                `a contract's UPDATE from ${CLIENTS} clients ${runs.map((r) => Math.round(r.tps)).join(' / ')} /s, mean ${runs.map((r) => r.latencyMs.toFixed(2)).join(' / ')} ms ` +
                `(the machine's ${cores} cores for ${((cores * 1000) / tps).toFixed(2)} ms per update)`,
            );
          }
          const [all, only] = [...rates.values()];
          console.log(`recordIndexes[postgres]: the contracts' indexes alone update ${(only / all).toFixed(1)}x as fast as the table with every resource's`);
        } finally {
          await c.end();
        }
      })
    : false;
  if (!ran) console.log('recordIndexes[postgres]: no PostgreSQL with pgbench available (apt package postgresql); skipped');
}
