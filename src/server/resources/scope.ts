// The SQL form of the per-record ability (src/shared/resources/recordAbility.ts): a list returns
// exactly the records ability.can('read', record) allows. Each `can` rule becomes one OR branch;
// its conditions (equality, $ne, $in on accountId and state) become column comparisons with the
// same null semantics as CASL's matcher; `parties.<role>: account` becomes a comparison of the
// row's copy of its parties (resource_records.parties), which the party indexes of indexes.ts
// lead with. tests/api/resource-visibility.test.ts checks both agree.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { partyRoles, type RecordAbility } from '../../shared/resources/recordAbility';
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

/**
 * SQL text of the record's party in `role`: the same text as the party indexes (indexes.ts), so
 * PostgreSQL matches them. Roles are validated names (/^[a-z][A-Za-z0-9]*$/), safe to inline.
 */
export const partyExpression = (role: string): string => `(parties->>'${role}')`;

/** The record has `accountId` as its party in one of `roles`. */
export function partySql(roles: readonly string[], accountId: string): SQL {
  return or(...roles.map((role) => sql`${sql.raw(partyExpression(role))} = ${accountId}`)) ?? sql`false`;
}

/** SQL text of "the record has no party in `role`" (an offer not named to a counterparty), shared with the market's indexes. */
export const noPartyExpression = (role: string): string => `not (parties ? '${role}')`;

type ReadRule = ReturnType<RecordAbility['rulesFor']>[number];

/** One `can` rule's conditions as SQL. */
function ruleSql(rule: ReadRule): SQL {
  if (rule.inverted) throw new Error('record ability: cannot rules have no SQL form');
  const conditions = (rule.conditions ?? {}) as Record<string, unknown>;
  const parts = Object.entries(conditions).map(([field, condition]) => {
    if (field.startsWith('parties.') && typeof condition === 'string') return partySql([field.slice('parties.'.length)], condition);
    if (field.startsWith('parties.') && JSON.stringify(condition) === '{"$exists":false}') return sql.raw(noPartyExpression(field.slice('parties.'.length)));
    if (!(field in COLUMNS)) throw new Error(`record ability: field ${field} has no column`);
    return fieldSql(field as keyof typeof COLUMNS, condition);
  });
  return parts.length ? and(...parts)! : sql`true`;
}

/** The records of `def` the ability may read, as a WHERE condition. */
export function readableSql(ability: RecordAbility, def: ResourceDefinition): SQL {
  const branches = ability.rulesFor('read', def.name).map(ruleSql);
  return and(eq(resourceRecords.resource, def.name), branches.length ? or(...branches)! : sql`false`)!;
}

/**
 * A list's `scope`: `mine` (records the caller owns or is a party to), `market` (others' records
 * it may read), or a party role (records where the caller is that party, e.g. `seller`).
 */
export function listScopeSql(def: ResourceDefinition, accountId: string, scope: string): SQL {
  if (def.ownership !== 'account') return isNull(resourceRecords.accountId);
  // Every record: what remains is what the ability reads (ops, with visibility.ops).
  if (scope === 'ops') return sql`true`;
  if (scope === 'market') {
    // What the market shows, not every other record the caller reads (an offer named to it, one it accepted).
    const market = def.visibility?.market;
    return and(
      sql`${resourceRecords.accountId} is distinct from ${accountId}`,
      market ? inArray(resourceRecords.state, market.states) : sql`false`,
      market?.unlessParty ? sql.raw(noPartyExpression(market.unlessParty)) : undefined,
    )!;
  }
  if (scope !== 'mine') return partySql([scope], accountId);
  const owned = eq(resourceRecords.accountId, accountId);
  return partyRoles(def).length ? or(owned, partySql(partyRoles(def), accountId))! : owned;
}

/** The owner's own records of `def` (or the platform's): where writes by the owner apply. */
export function ownedSql(def: ResourceDefinition, accountId: string): SQL {
  return def.ownership === 'account'
    ? and(eq(resourceRecords.resource, def.name), eq(resourceRecords.accountId, accountId))!
    : and(eq(resourceRecords.resource, def.name), isNull(resourceRecords.accountId))!;
}

const sameConditions = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * Whether a list in `scope` is exactly "records of `def` where the caller is that party": the
 * scope is a party role and the caller's read rules include that party's rule, so nothing else
 * narrows or widens it (listWhereSql then leaves the readable OR out; tableTotals.ts may then
 * read the party from a domain table).
 */
export function isPlainPartyScope(ability: RecordAbility, def: ResourceDefinition, accountId: string, scope: string): boolean {
  if (def.ownership !== 'account' || !partyRoles(def).includes(scope)) return false;
  return ability.rulesFor('read', def.name).some((r) => !r.inverted && sameConditions(r.conditions, { [`parties.${scope}`]: accountId }));
}

/**
 * What a list may return: the readable records of `def` in `scope`. When the caller's read
 * rules include exactly what a party scope asks (parties.<role> is me; for `mine`, my own and
 * each party role), the readable OR is implied by the scope and left out: PostgreSQL cannot
 * drop the redundant branches itself, and an OR over other parties keeps it from reading the
 * scope's own party index (indexes.ts). The market keeps the full form: its explicit state test misleads the
 * planner's estimates (measured: a filtered market page 16 -> 51 ms).
 */
export function listWhereSql(ability: RecordAbility, def: ResourceDefinition, accountId: string, scope: string): SQL {
  const scoped = listScopeSql(def, accountId, scope);
  const rules = ability.rulesFor('read', def.name).filter((r) => !r.inverted);
  const has = (conditions: Record<string, unknown>) => rules.some((r) => sameConditions(r.conditions, conditions));
  const resource = eq(resourceRecords.resource, def.name);
  if (def.ownership === 'account') {
    // The market is exactly the ability's market rule (others' records in its states, unnamed):
    // that one branch, not the OR of everything readable, which the planner estimates badly.
    if (scope === 'market') {
      const market = rules.find((r) => JSON.stringify((r.conditions as Record<string, unknown> | undefined)?.accountId) === JSON.stringify({ $ne: accountId }));
      return and(resource, market ? ruleSql(market) : sql`false`)!;
    }
    if (isPlainPartyScope(ability, def, accountId, scope)) return and(resource, scoped)!;
    if (scope === 'mine' && has({ accountId }) && partyRoles(def).every((role) => has({ [`parties.${role}`]: accountId }))) return and(resource, scoped)!;
  }
  return and(readableSql(ability, def), scoped)!;
}
