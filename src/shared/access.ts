// THE access decision (issue 16, DESIGN §7): may this actor do this verb on this resource, and
// on this record when one is given. The server's resource gate (src/server/resources/routes.ts)
// answers 403 with it; the console's accessControlProvider (src/web/refine/accessControl.ts)
// shows a control with it. One function, so a button shows exactly when the request passes.
import { abilityForRole, canAccessRoute, type PermissionGated } from './ability';
import type { Actor, Service } from './actor';
import { isAction, READ_ACTIONS, TRADING_PERMISSION_IDS, type Action } from './permissions';
import { asRecord, defineRecordAbility, resourceOffers, type RecordLike } from './resources/recordAbility';
import type { ResourceDefinition } from './resources/types';

/** What a page does with a resource, in refine's words (the API's routes); a declared action goes by its name. */
export const RESOURCE_VERBS = ['list', 'show', 'create', 'edit', 'delete', 'export'] as const;
export type ResourceVerb = (typeof RESOURCE_VERBS)[number];

/** refine's action words in the SPEC §6 vocabulary; the vocabulary itself passes through. */
const REFINE_ACTIONS: Record<string, Action> = {
  list: 'query',
  show: 'get',
  create: 'add',
  clone: 'add',
  edit: 'edit',
  delete: 'delete',
  export: 'export',
  import: 'import',
};

export const vocabularyAction = (action: string): Action | null => (isAction(action) ? action : (REFINE_ACTIONS[action] ?? null));

/** The fields of a resource file the decision reads without a record. */
export type GateDefinition = Pick<ResourceDefinition, 'name' | 'permissionId' | 'source' | 'visibility' | 'actions' | 'parties' | 'createHandler' | 'requiresService'>;

/**
 * Why a verb is refused: not offered by the resource, not granted, granted once the account's
 * authentication is approved (trading, DESIGN §5), a service not opened, not on this record, not a known verb.
 */
export type Refusal = 'notOffered' | 'notGranted' | 'notApproved' | `${Service}ServiceNotOpened` | 'notOnRecord' | 'unknownVerb';
export type Decision = { can: true } | { can: false; reason: Refusal };

const deny = (reason: Refusal): Decision => ({ can: false, reason });

/** refine's words on one record in the per-record ability's words; declared actions pass through. */
const RECORD_VERBS: Record<string, string> = { show: 'read', read: 'read', get: 'read', edit: 'edit', delete: 'delete' };

export function decide(actor: Actor, def: GateDefinition, verb: string): Decision;
export function decide(actor: Actor, def: ResourceDefinition, verb: string, record: RecordLike | undefined): Decision;
export function decide(actor: Actor, def: GateDefinition, verb: string, record?: RecordLike): Decision {
  const vocabulary = vocabularyAction(verb);
  const declared = vocabulary ? undefined : def.actions?.find((a) => a.name === verb);
  const action = vocabulary ?? declared?.ability;
  if (!action) return deny('unknownVerb');
  // A source resource (a view of other tables) only reads; a record with parties is created by
  // the resource's create handler, which names them, or by an action of another resource.
  if (!resourceOffers(def, action) || (action === 'add' && !declared && def.parties && !def.createHandler)) return deny('notOffered');
  // The role's grant on the resource's permission id; platform operations, on a resource that
  // shows them every record (visibility.ops), read it and run the actions declared `by: ops`.
  const asOps = Boolean(def.visibility?.ops) && (declared ? (declared.by ?? []).includes('ops') : READ_ACTIONS.has(action)) && actor.ability.can(action, 'ops');
  if (!asOps && !actor.ability.can(action, def.permissionId)) return deny(awaitsApproval(actor, def, action) ? 'notApproved' : 'notGranted');
  // Writing needs the resource's service opened; reading shows what the service offers.
  const writes = declared !== undefined || !READ_ACTIONS.has(action);
  if (writes && def.requiresService && !actor.services.includes(def.requiresService)) return deny(`${def.requiresService}ServiceNotOpened`);
  if (record === undefined) return { can: true };
  const recordVerb = declared ? declared.name : RECORD_VERBS[verb];
  if (!recordVerb) return deny('unknownVerb');
  const full = def as ResourceDefinition;
  return defineRecordAbility(full, actor).can(recordVerb, asRecord(full, record)) ? { can: true } : deny('notOnRecord');
}

/** The role grants `action` on the resource's trading permission, withheld only until the account is approved. */
const awaitsApproval = (actor: Actor, def: GateDefinition, action: Action): boolean =>
  !actor.approved && TRADING_PERMISSION_IDS.includes(def.permissionId) && abilityForRole(actor.role).can(action, def.permissionId);

/** decide(...).can: may `actor` do `verb` on `def` (and on `record`, when given). */
export function may(actor: Actor, def: GateDefinition, verb: string): boolean;
export function may(actor: Actor, def: ResourceDefinition, verb: string, record: RecordLike | undefined): boolean;
export function may(actor: Actor, def: GateDefinition, verb: string, record?: RecordLike): boolean {
  return decide(actor, def as ResourceDefinition, verb, record).can;
}

/**
 * May the caller open a console route (SPEC §6: its permission ids intersect the role's) and,
 * where the route renders a resource, list that resource: a page whose list would answer 403
 * (an operator without the funds grant on a funds report) is neither in the menu nor opened.
 */
export function mayOpenRoute(actor: Actor, route: PermissionGated, rendered?: GateDefinition): boolean {
  return canAccessRoute(actor.ability, route) && (!rendered || decide(actor, rendered, 'list').can);
}

/**
 * A platform-operations step on no record (starting a clearing run): the role's `ops` grant for
 * `action`. The server's route and the console's button (useCan on the `ops` permission) ask it.
 */
export const mayOperate = (actor: Actor, action: Action = 'add'): boolean => actor.ability.can(action, 'ops');
