// The per-record ability (DESIGN §7): what a caller may do with one record of a resource, from
// the operator type's grants (schemas/permissions.json) x the resource file (ownership, states,
// market visibility, who runs each action). One definition on both sides: the console asks it
// for every button, the server before every read, write and action, and turns its read rules
// into the SQL scope of lists (src/server/resources/scope.ts), so the three never disagree.
import { createMongoAbility, subject, type MongoAbility, type MongoQuery } from '@casl/ability';
import type { PermissionEntry } from '../api';
import { defineAbilityFor } from '../ability';
import type { ResourceDefinition } from './types';

/** The fields of a record the rules look at. */
export interface RecordFacts {
  accountId: string | null;
  state: string | null;
}

export interface RecordActor {
  accountId: string;
  /** The caller's grants as they apply now (permissionsForUser: role x authentication status). */
  permissions: readonly PermissionEntry[];
  /** The caller's account is approved (only approved accounts see and act on the market). */
  approved: boolean;
}

/** `read`, `edit`, `delete`, or the name of a declared action. */
export type RecordAbility = MongoAbility<[string, string | ({ __caslSubjectType__?: string } & RecordFacts)]>;

type Rule = { action: string; subject: string; conditions: MongoQuery<RecordFacts> };

/** Who runs an action: the owning account (default) or another approved account on the market. */
export const actionParty = (by: readonly string[] | undefined): 'owner' | 'market' => (by?.includes('market') ? 'market' : 'owner');

export function defineRecordAbility(def: ResourceDefinition, actor: RecordActor): RecordAbility {
  const grants = defineAbilityFor(actor.permissions);
  const granted = (action: Parameters<typeof grants.can>[0]) => grants.can(action, def.permissionId);
  const rules: Rule[] = [];
  const add = (action: string, conditions: MongoQuery<RecordFacts>) => rules.push({ action, subject: def.name, conditions });
  const own: MongoQuery<RecordFacts> = def.ownership === 'account' ? { accountId: actor.accountId } : { accountId: null };
  const inStates = (states: readonly string[] | undefined): MongoQuery<RecordFacts> => (states && def.states ? { state: { $in: [...states] } } : {});
  const editable = def.states && def.states.editableIn.length < def.states.values.length ? inStates(def.states.editableIn) : {};

  if (granted('query')) add('read', own);
  if (granted('edit')) add('edit', { ...own, ...editable });
  if (granted('delete')) add('delete', { ...own, ...editable });

  const market = def.visibility?.market;
  const others: MongoQuery<RecordFacts> = { accountId: { $ne: actor.accountId } };
  if (market && def.ownership === 'account' && actor.approved && granted('query')) {
    add('read', { ...others, ...inStates(market.states) });
  }
  for (const action of def.actions ?? []) {
    if (!granted(action.ability)) continue;
    if (actionParty(action.by) === 'owner') add(action.name, { ...own, ...inStates(action.from) });
    else if (market && def.ownership === 'account' && actor.approved) add(action.name, { ...others, ...inStates(action.from) });
  }
  return createMongoAbility(rules) as RecordAbility;
}

/** `record` as a subject of its resource, for ability.can(action, asRecord(def, record)). */
export const asRecord = (def: ResourceDefinition, record: RecordFacts) => subject(def.name, { accountId: record.accountId, state: record.state });

/**
 * Why an action is refused for a record the caller can read: it is the caller's kind of action
 * but the record is in another state (409), or the caller never runs it on this record (403).
 */
export function actionRefusal(ability: RecordAbility, def: ResourceDefinition, record: RecordFacts, action: string): 'state' | 'party' {
  const elsewhere = (def.states?.values ?? []).some((state) => ability.can(action, asRecord(def, { ...record, state })));
  return elsewhere ? 'state' : 'party';
}
