// The per-record ability (DESIGN §7): what a caller may do with one record of a resource, from
// the operator type's grants (schemas/permissions.json) x the resource file (ownership, states,
// market visibility, who runs each action). One definition on both sides: the console asks it
// for every button, the server before every read, write and action, and turns its read rules
// into the SQL scope of lists (src/server/resources/scope.ts), so the three never disagree.
import { createMongoAbility, subject, type MongoAbility, type MongoQuery } from '@casl/ability';
import type { PermissionEntry } from '../api';
import { READ_ACTIONS, type Action } from '../permissions';
import { defineAbilityFor, permissionsKey } from '../ability';
import { boundedMemo, type Memo } from '../memo';
import type { ResourceDefinition } from './types';

/** The fields of a record the rules look at. */
export interface RecordFacts {
  accountId: string | null;
  state: string | null;
  /** Party role -> account (resources with `parties`). */
  parties?: Record<string, string>;
  /** Party roles that have signed (resources with signature actions). */
  signedBy?: string[];
}

/** What asRecord reads: the facts, with signatures on the record view or inside a row's data. */
export type RecordLike = Omit<RecordFacts, 'signedBy'> & { signatures?: unknown; data?: Record<string, unknown> };

/** What the rules read of the caller (an Actor of src/shared/actor.ts). */
export interface RecordActor {
  accountId: string;
  /** The caller's grants as they apply now (defineActor: role x approval). */
  permissions: readonly PermissionEntry[];
  /** The caller's account is approved (only approved accounts see and act on the market). */
  approved: boolean;
}

/** Whether `def` offers `action` at all, whatever the grants: a source resource (a view of other tables) only reads. */
export const resourceOffers = (def: Pick<ResourceDefinition, 'source'>, action: Action): boolean => !def.source || READ_ACTIONS.has(action);

/** `read`, `edit`, `delete`, or the name of a declared action. */
export type RecordAbility = MongoAbility<[string, string | ({ __caslSubjectType__?: string } & RecordFacts)]>;

type Rule = { action: string; subject: string; conditions: MongoQuery<RecordFacts> };


/**
 * The record ability of `actor` on `def`'s records. Kept per resource definition (by identity)
 * and caller (account, approval, grants), since it is a pure function of those: built anew for
 * every check it cost more than the check, and CASL compiles each rule's conditions on first use.
 */
export function defineRecordAbility(def: ResourceDefinition, actor: RecordActor): RecordAbility {
  let memo = recordAbilities.get(def);
  if (!memo) recordAbilities.set(def, (memo = boundedMemo<RecordAbility>(512)));
  return memo.get(`${actor.accountId}|${actor.approved}|${permissionsKey(actor.permissions)}`, () => buildRecordAbility(def, actor));
}

const recordAbilities = new WeakMap<ResourceDefinition, Memo<RecordAbility>>();

function buildRecordAbility(def: ResourceDefinition, actor: RecordActor): RecordAbility {
  const grants = defineAbilityFor(actor.permissions);
  const granted = (action: Action) => resourceOffers(def, action) && grants.can(action, def.permissionId);
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
  const onMarket = Boolean(market && def.ownership === 'account' && actor.approved);
  // A record named to one party (an offer to a counterparty) is that party's, not the market's.
  const unnamed: MongoQuery<RecordFacts> = market?.unlessParty ? ({ [`parties.${market.unlessParty}`]: { $exists: false } } as MongoQuery<RecordFacts>) : {};
  if (onMarket && granted('query')) add('read', { ...others, ...inStates(market!.states), ...unnamed });
  // Each party sees the records it is a party to, whoever created them.
  const asParty = (role: string): MongoQuery<RecordFacts> => ({ [`parties.${role}`]: actor.accountId }) as MongoQuery<RecordFacts>;
  if (granted('query')) for (const role of partyRoles(def)) add('read', asParty(role));
  // Platform operations read every record of a resource that shows them (deposits to confirm).
  const opsGranted = (action: Parameters<typeof grants.can>[0]) => Boolean(def.visibility?.ops) && grants.can(action, 'ops');
  if (opsGranted('query')) add('read', {});

  for (const action of def.actions ?? []) {
    if ((action.by ?? []).includes('ops') && opsGranted(action.ability)) add(action.name, inStates(action.from));
    if (!granted(action.ability)) continue;
    for (const who of action.by ?? ['owner']) {
      if (who === 'owner') add(action.name, { ...own, ...inStates(action.from) });
      else if (who === 'market') {
        if (onMarket) add(action.name, { ...others, ...inStates(action.from), ...unnamed });
      } else if (who === 'otherParty' && actor.approved) {
        // A party that did not make the record (the contract's recipient, not its initiator).
        for (const role of partyRoles(def)) add(action.name, { ...asParty(role), ...others, ...inStates(action.from) });
      } else if (partyRoles(def).includes(who) && actor.approved) {
        // A signing party signs once: after that the step is no longer its to take.
        const unsigned: MongoQuery<RecordFacts> = action.signature ? { signedBy: { $ne: who } } : {};
        add(action.name, { ...asParty(who), ...inStates(action.from), ...unsigned });
      }
    }
  }
  return createMongoAbility(rules) as RecordAbility;
}

/** The roles that have signed `record` (its `signatures`, on the view or in a row's data). */
export function signedRoles(record: RecordLike): string[] {
  const signatures = record.signatures ?? record.data?.signatures;
  return Array.isArray(signatures) ? signatures.map((s: { role?: unknown }) => String(s.role)) : [];
}

/** Every party role a record of `def` may have: those it is made with and those actions fill. */
export const partyRoles = (def: Pick<ResourceDefinition, 'parties' | 'laterParties'>): string[] => [...(def.parties ?? []), ...(def.laterParties ?? [])];

/** `record` as a subject of its resource, for ability.can(action, asRecord(def, record)). */
export const asRecord = (def: ResourceDefinition, record: RecordLike) =>
  subject(def.name, { accountId: record.accountId, state: record.state, parties: record.parties ?? {}, signedBy: signedRoles(record) });

/**
 * Why an action is refused for a record the caller can read: the caller has already signed it
 * (409), it is the caller's kind of action but the record is in another state (409), or the
 * caller never runs it on this record (403).
 */
export function actionRefusal(ability: RecordAbility, def: ResourceDefinition, record: RecordLike, action: string): 'signed' | 'state' | 'party' {
  const unsigned = { ...record, signatures: [], data: undefined };
  if (signedRoles(record).length && ability.can(action, asRecord(def, unsigned))) return 'signed';
  const elsewhere = (def.states?.values ?? []).some((state) => ability.can(action, asRecord(def, { ...unsigned, state })));
  return elsewhere ? 'state' : 'party';
}

/** The scopes a list of `def` accepts: mine, the market (with visibility.market), every record (ops, with visibility.ops), each party role. */
export const listScopes = (def: Pick<ResourceDefinition, 'visibility' | 'parties' | 'laterParties'>): string[] => [
  'mine',
  ...(def.visibility?.market ? ['market'] : []),
  ...(def.visibility?.ops ? ['ops'] : []),
  ...partyRoles(def),
];
