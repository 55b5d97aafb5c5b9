// Indexes follow the declared filters, sorts, list order, parties, market and expiry of each
// resource, so adding one to a resource file adds its index. Made at start (they depend on the
// resource files, which migrations cannot know), each on its resource's partition of
// resource_records (partitions.ts), so a record's write touches its own resource's indexes only:
//  - per enum/range filter and sortable field, a partial expression index (account, value), but
//    for the list order's field, whose (account, value, id) order index serves the same reads;
//  - the default list order (e.g. -createdAt), exactly as query.ts writes it (desc nulls last,
//    id desc), on all of the resource's records and per owner, so a first page reads a few
//    index entries in order instead of sorting the whole scope; it carries account_id and
//    state, so the capped count of a scope can be an index-only scan;
//  - per party role (scope=buyer), the same on the row's party (scope.ts partyExpression): the
//    role's list in order, and (party, value) per enum/range filter and state, so a party
//    scope's filtered count reads the index entries of its matches, not every record of the
//    scope (measured: 749 of a buyer's 6,250 contracts counted in 13 ms -> 1.5 ms);
//  - per enum/range filter of a market, on the market's records: (value, list order) for an
//    enum, so the market filtered by category reads that category's offers in order, not every
//    published offer; (value) for a range, so a narrow amount range reads its matches only;
//  - with `expiry`, the due check of every request (expiry.ts) on the records it may expire;
//  - statistics on every filter expression of the partition, so the planner knows how selective a
//    filter (category, amount range) is and picks the ordered scan or the filter index accordingly.
// An index this module made that no resource file declares any more is dropped, so a changed
// file does not leave indexes behind that every write still pays for. An expression index or
// statistics object has no statistics until its table is analyzed, and autovacuum analyzes only
// after enough writes: when a start creates one on a table that already holds records, it
// analyzes it at once. Measured: created after 200,000 records and not analyzed, the market's
// first page took p50 49 ms; analyzed, 6.5.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { partyRoles } from '../../shared/resources/recordAbility';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { fieldExpression } from './fields';
import type { ReadFrom, ResourceRegistry } from './registry';
import { ensurePartitions, partitionName } from './partitions';
import { noPartyExpression, partyExpression } from './scope';
import { tableFieldNames } from './tableFields';

const SYSTEM = new Set(['id', 'state', 'createdAt', 'updatedAt', 'version', 'createdBy', 'updatedBy']);

/** Postgres names are at most 63 bytes: long ones end in a short hash to stay unique. */
function indexName(resource: string, field: string, prefix = 'rr'): string {
  const name = `${prefix}_${resource}_${field}`.toLowerCase();
  return name.length <= 63 ? name : `${name.slice(0, 50)}_${createHash('sha1').update(name).digest('hex').slice(0, 12)}`;
}

/** Index name -> its CREATE INDEX, for one resource whose records are in `table`. */
function resourceIndexes(r: ReadFrom, table: string): Map<string, string> {
  const def = r.def;
  const indexes = new Map<string, string>();
  const add = (suffix: string, keys: string, where: string, include = '') =>
    indexes.set(indexName(def.name, suffix), `create index if not exists "${indexName(def.name, suffix)}" on "${table}" (${keys})${include} where ${where}`);
  // Names and states are validated (/^[a-z][A-Za-z0-9]*$/, /^[A-Za-z][A-Za-z0-9]*$/) and safe to inline.
  // Implied on the resource's own partition; kept so that each index says whose it is.
  const mine = `resource = '${def.name}'`;
  // Enum and range filters (text filters are substring matches no btree serves).
  // A field a domain's table holds (tableFields.ts) is not in the partition: that table indexes it.
  const elsewhere = new Set(tableFieldNames(r.tableFields));
  const filtered = def.list.filters.filter((f) => f.kind !== 'text' && !elsewhere.has(f.field)).map((f) => f.field);
  const orderField = def.list.defaultSort.replace(/^-/, '');
  // The list order's own field needs no (account, value) index where the owner's order index
  // (account, value, id) leads with the same keys: a second copy is only one more index every
  // write of a record pays for (a clearing run writes 10,000 bills).
  const ownerOrdered = def.ownership === 'account';
  for (const field of new Set([...filtered, ...def.list.sortable, orderField])) {
    if (field === orderField && ownerOrdered) continue;
    if (!SYSTEM.has(field) && !elsewhere.has(field)) add(field, `account_id, ${fieldExpression(r, field)}`, mine); // covered by the table's own indexes
  }
  // Field names never hold '_', so the names below cannot meet a field's index name.
  const order = `${fieldExpression(r, orderField)} ${def.list.defaultSort.startsWith('-') ? 'desc' : 'asc'} nulls last, id desc`;
  add('_order', order, mine, ' include (account_id, state)');
  if (def.ownership === 'account') add('_owned_order', `account_id, ${order}`, mine);
  // Only records that have the party: "parties->>'buyer' = $1" implies the predicate's IS NOT NULL.
  for (const role of partyRoles(def)) {
    const party = partyExpression(role);
    const hasParty = `${mine} and ${party} is not null`;
    add(`_party_${role}`, `${party}, ${order}`, hasParty);
    for (const field of new Set(['state', ...filtered])) {
      // The party's order index (party, order value, id) serves its order field's filter too.
      if (field === orderField) continue;
      if (field === 'state' || !SYSTEM.has(field)) add(`_party_${role}_${field}`, `${party}, ${fieldExpression(r, field)}`, hasParty);
    }
  }
  const market = def.visibility?.market;
  if (market) {
    // The market rule's own conditions, as scope.ts writes them, minus "not the caller's".
    const states = market.states.map((s) => `'${s}'`).join(', ');
    const inMarket = `${mine} and state in (${states})${market.unlessParty ? ` and ${noPartyExpression(market.unlessParty)}` : ''}`;
    for (const f of def.list.filters) {
      if (f.kind === 'text' || SYSTEM.has(f.field) || elsewhere.has(f.field)) continue;
      // An enum value is followed by the list order (its page is read in order); a range is not
      // (the range's matches are read, then sorted).
      add(`_market_${f.field}`, f.kind === 'enum' ? `${fieldExpression(r, f.field)}, ${order}` : fieldExpression(r, f.field), inMarket);
    }
  }
  if (def.expiry) {
    // The same expression text as expiry.ts's due check.
    const states = def.expiry.from.map((s) => `'${s}'`).join(', ');
    add('_expiry', `(data->>'${def.expiry.field}')`, `${mine} and state in (${states})`);
  }
  return indexes;
}

/** Statistics name -> its CREATE STATISTICS, once per filter expression of a resource, on its partition. */
function filterStatistics(r: ReadFrom, table: string): Map<string, string> {
  const def = r.def;
  const byExpression = new Map<string, string>();
  const elsewhere = new Set(tableFieldNames(r.tableFields));
  for (const f of def.list.filters) {
    if (f.kind === 'text' || SYSTEM.has(f.field) || elsewhere.has(f.field)) continue;
    const expression = fieldExpression(r, f.field);
    byExpression.set(expression, `${f.field}${expression.includes('::numeric') ? '_num' : ''}`);
  }
  if (def.expiry) byExpression.set(`(data->>'${def.expiry.field}')`, def.expiry.field);
  return new Map(
    [...byExpression].map(([expression, field]) => {
      const name = indexName(def.name, field, 'rr_stat');
      return [name, `create statistics if not exists "${name}" on (${expression}) from "${table}"`];
    }),
  );
}

/** The resources whose records are rows of resource_records: a source's own tables carry its indexes. */
const storedResources = (registry: ResourceRegistry) => [...registry.values()].filter((r) => !r.def.source);

/**
 * Every partition, index and statistics object ensureResourceIndexes makes for these resource
 * files, as DDL (each partition under the name partitions.ts gives it): what the schema stamp
 * digests (db/schemaStamp.ts), so a changed resource file or a changed rule here changes it.
 */
export function declaredResourceDdl(registry: ResourceRegistry): string[] {
  return storedResources(registry).flatMap((r) => {
    const table = partitionName(r.def.name);
    return [`partition "${table}" of resource_records for values in ('${r.def.name}')`, ...resourceIndexes(r, table).values(), ...filterStatistics(r, table).values()];
  });
}

/** The indexes and statistics objects this module made that exist now, by name. */
async function existing(db: Db): Promise<{ indexes: Set<string>; statistics: Set<string> }> {
  const rows = await queryRows<{ name: string; kind: string }>(
    db,
    sql`select relname as name, 'index' as kind from pg_class where relkind = 'i' and relname like 'rr\\_%' and relnamespace = 'public'::regnamespace
        union all select stxname, 'statistics' from pg_statistic_ext where stxname like 'rr\\_stat\\_%'`,
  );
  const of = (kind: string) => new Set(rows.filter((r) => r.kind === kind).map((r) => r.name));
  return { indexes: of('index'), statistics: of('statistics') };
}

/**
 * Makes each resource's partition (partitions.ts), creates the declared indexes and statistics
 * that are missing on it, drops undeclared ones; answers how many it created.
 */
export async function ensureResourceIndexes(db: Db, registry: ResourceRegistry): Promise<number> {
  const stored = storedResources(registry);
  const tables = await ensurePartitions(db, stored.map((r) => r.def));
  const indexes = new Map(stored.flatMap((r) => [...resourceIndexes(r, tables.get(r.def.name)!)]));
  const statistics = new Map(stored.flatMap((r) => [...filterStatistics(r, tables.get(r.def.name)!)]));
  const before = await existing(db);
  let created = 0;
  for (const [name, ddl] of [...indexes, ...statistics]) {
    if (before.indexes.has(name) || before.statistics.has(name)) continue;
    await db.execute(sql.raw(ddl));
    created += 1;
  }
  for (const name of before.indexes) if (!indexes.has(name)) await db.execute(sql.raw(`drop index if exists "${name}"`));
  for (const name of before.statistics) if (!statistics.has(name)) await db.execute(sql.raw(`drop statistics if exists "${name}"`));
  if (created) await db.execute(sql`analyze resource_records`);
  return created;
}
