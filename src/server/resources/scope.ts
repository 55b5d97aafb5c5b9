// The SQL form of the per-record ability (src/shared/resources/recordAbility.ts): a list returns
// exactly the records ability.can('read', record) allows. Each `can` rule becomes one OR branch;
// its conditions (equality, $ne, $in on accountId and state) become column comparisons with the
// same null semantics as CASL's matcher. tests/api/resource-visibility.test.ts checks both agree.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { RecordAbility, RecordFacts } from '../../shared/resources/recordAbility';
import type { ResourceDefinition } from '../../shared/resources/types';
import { resourceRecords } from '../db/schema';

const COLUMNS = { accountId: resourceRecords.accountId, state: resourceRecords.state } as const;

function fieldSql(field: keyof typeof COLUMNS, condition: unknown): SQL {
  const column = COLUMNS[field];
  if (condition === null) return isNull(column);
  if (typeof condition === 'string') return eq(column, condition);
  if (condition && typeof condition === 'object') {
    const ops = Object.entries(condition as Record<string, unknown>);
    const parts = ops.map(([op, value]): SQL => {
      if (op === '$ne') return sql`${column} is distinct from ${value as string | null}`;
      if (op === '$in' && Array.isArray(value)) return value.length ? inArray(column, value as string[]) : sql`false`;
      throw new Error(`record ability: operator ${op} on ${field} has no SQL form`);
    });
    return and(...parts)!;
  }
  throw new Error(`record ability: condition on ${field} has no SQL form`);
}

/** The records of `def` the ability may read, as a WHERE condition. */
export function readableSql(ability: RecordAbility, def: ResourceDefinition): SQL {
  const branches = ability.rulesFor('read', def.name).map((rule) => {
    if (rule.inverted) throw new Error('record ability: cannot rules have no SQL form');
    const conditions = (rule.conditions ?? {}) as Record<string, unknown>;
    const parts = Object.entries(conditions).map(([field, condition]) => {
      if (!(field in COLUMNS)) throw new Error(`record ability: field ${field} has no column`);
      return fieldSql(field as keyof RecordFacts, condition);
    });
    return parts.length ? and(...parts)! : sql`true`;
  });
  return and(eq(resourceRecords.resource, def.name), branches.length ? or(...branches)! : sql`false`)!;
}

/** A list's `scope`: the caller's own records, or the market (others' records it may read). */
export function listScopeSql(def: ResourceDefinition, accountId: string, scope: 'mine' | 'market'): SQL {
  if (def.ownership !== 'account') return isNull(resourceRecords.accountId);
  return scope === 'mine' ? eq(resourceRecords.accountId, accountId) : sql`${resourceRecords.accountId} is distinct from ${accountId}`;
}

/** The owner's own records of `def` (or the platform's): where writes by the owner apply. */
export function ownedSql(def: ResourceDefinition, accountId: string): SQL {
  return def.ownership === 'account'
    ? and(eq(resourceRecords.resource, def.name), eq(resourceRecords.accountId, accountId))!
    : and(eq(resourceRecords.resource, def.name), isNull(resourceRecords.accountId))!;
}
