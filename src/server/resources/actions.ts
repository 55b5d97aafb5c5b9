// The action pipeline, built once (DESIGN §10): what an action on a record does between the
// access decision and the answer. Every way a record is acted on takes it: the HTTP action route
// (routes.ts), an action on a selection of records (settlement's pay-several, one confirmation
// for all), an action another record's action causes (a payment request paying its bill) and a
// job's system move (the automatic release), each naming its mover in the event.
//
//   performAction   in the caller's transaction: input check, the record locked and decided on
//                   (ability or declared from-state), confirmation (SMS code), signature,
//                   handler, validation, expiry check, then the move through the one door
//                   (moves.ts transition). The listeners are heard when the caller says.
//   actOnHttp       the same for one HTTP request: wrong tries counted, Idempotency-Key honoured,
//                   the listeners heard with the stored answer (one round trip).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import type { ActionDeclaration } from '../../shared/resources/types';
import type { RecordAbility } from '../../shared/resources/recordAbility';
import { needsSmsCode } from '../../shared/resources/actionInput';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { idempotent } from '../idempotency';
import { phase } from '../phases';
import type { SessionUser } from '../sessions/tokens';
import { countingWrongTries } from '../sms/codes';
import { confirmMoneyStep, spendConfirmation, withoutConfirmation } from '../confirm';
import { computed } from './compute';
import { isJob, type Mover } from './events';
import type { ActionContext, ActionHandler } from './handlers';
import { createRecord, transition, type Moved, type TransitionDecision } from './moves';
import { asRead, historyView, toView, type RecordRow } from './records';
import type { CompiledResource, ResourceRegistry } from './registry';
import { sign } from './signatures';
import { checkNotPastExpiry } from './validation';

/** What the pipeline needs of the app: every resource, and the database where SMS codes are spent (wrong tries). */
export type PipelineContext = Partial<Pick<AppContext, 'db' | 'dbKind'>> & { resources: ResourceRegistry };

/** What a job or a route that opens its own transaction needs: the database and every resource. */
export type EngineContext = Required<PipelineContext>;

export interface ActionStep {
  r: CompiledResource;
  /** A declared action's name, or a declared system move's (then `handler` says what it does). */
  action: string;
  id: string;
  /** The input as sent (the SMS code included, which is spent and never stored). */
  input: Record<string, unknown>;
  mover: Mover;
  now: Date;
  t: TFunction;
  /** A person's action: the per-record ability decides (404/403/409). Without it the declared from-states do. */
  ability?: RecordAbility;
  /** The signed-in person acting: their SMS code, their signature. */
  user?: SessionUser;
  ip?: string;
  /**
   * How the money or signing step was confirmed: 'code' spends the person's SMS code in this
   * step; 'done' when the caller confirmed it already (one code for a selection, or the action
   * that caused this one).
   */
  confirmation?: 'code' | 'done';
  /** The amount the confirmation covers when it is not this record's (a selection's total; src/server/confirm/). */
  confirmAmount?: string;
  /** The record whose action causes this one (a payment request paying its bill). */
  via?: { resource: string; id: string };
  /** One of several records acted on together (a payment of several bills): the selection's id and size. */
  batch?: { id: string; size: number };
  /** A system move's work (the declared file names no handler for it). */
  handler?: ActionHandler;
}

const declarationOf = (r: CompiledResource, name: string): ActionDeclaration | undefined => r.def.actions?.find((a) => a.name === name);

/** Runs one action on one record inside `tx`; answers the move, its listeners not yet heard (Moved.hear). */
export async function performAction(tx: Db, ctx: PipelineContext, step: ActionStep): Promise<Moved> {
  const { r, now } = step;
  const action = declarationOf(r, step.action);
  const checkInput = action ? r.actionInputs.get(action.name) : undefined;
  // The confirmation (SMS code, payment password, authenticator code) is checked, never stored with the event.
  const payload = checkInput ? withoutConfirmation(step.input) : {};
  const handler = step.handler ?? r.handlers.get(step.action);
  const me = step.user;
  const actor = isJob(step.mover) ? { userId: '', accountId: '' } : step.mover;
  const create: ActionContext['create'] = async (resource, sent, owner) => {
    const target = ctx.resources.get(resource);
    if (!target) throw new Error(`${step.action}: no resource '${resource}'`);
    const data = computed(target, sent);
    target.check(data, step.t);
    return toView(await asRead(tx, target, await createRecord(tx, target, ctx.resources, { accountId: owner.accountId, parties: owner.parties, mover: step.mover, data, now })));
  };
  const variants = (ctx as Partial<Pick<AppContext, 'config'>>).config?.variants;
  const withCode = action && needsSmsCode(action) && step.confirmation !== 'done' && me;
  if (withCode && !(ctx.db && ctx.dbKind)) throw new Error(`${r.def.name}.${step.action}: an SMS code is spent with the app's database`);
  // The code's usual case travels with the record lock (spendSmsCode); decide() reads its answer in turn.
  const spending = withCode ? spendConfirmation(tx, me, step.input, now) : undefined;
  // Runs once the record is found and the action is the caller's in its state: a caller who
  // may not see the record hears 404, one who may not act 403 or 409, whatever it sent.
  const decide = async (current: RecordRow): Promise<TransitionDecision | void> => {
    checkInput?.(step.input, step.t);
    if (withCode) await phase('sms', () => confirmMoneyStep(tx, { db: ctx.db!, dbKind: ctx.dbKind!, config: (ctx as Partial<Pick<AppContext, 'config'>>).config }, { user: me, input: step.input, now, record: current, amount: step.confirmAmount, moves: action?.moves, spending }));
    let decision: TransitionDecision = action?.signature && me ? await sign(tx, r, action, current, { user: me, ip: step.ip ?? '', now }) : {};
    if (handler) {
      const record = { id: current.id, accountId: current.accountId, state: current.state, version: current.version, data: decision.data ?? current.data, parties: current.parties ?? {} };
      const outcome = await phase('handler', () =>
        handler({ tx, resource: r.def.name, action: step.action, record, input: payload, userId: actor.userId, accountId: actor.accountId, now, create, resources: ctx.resources, variants, ...(step.via ? { via: step.via } : {}), ...(step.batch ? { batch: step.batch } : {}) }),
      );
      // Awaited by transition() with the record's write; until then a refusal below must not leave it unhandled.
      outcome?.pending?.catch(() => undefined);
      if (outcome) decision = { to: outcome.to ?? decision.to, data: outcome.patch ? { ...record.data, ...outcome.patch } : decision.data, parties: outcome.parties, pending: outcome.pending };
    }
    // Into a state that expires (publish): not with its expiry day already past.
    if (r.def.expiry?.from.includes(decision.to ?? action?.to ?? '')) checkNotPastExpiry(r.def, decision.data ?? current.data, now);
    return decision;
  };
  const to = action?.to ?? r.def.systemMoves?.find((m) => m.name === step.action)?.to[0];
  if (!to) throw new Error(`${r.def.name}: '${step.action}' is neither an action nor a system move`);
  const eventInput = { ...payload, ...(step.via ? { via: step.via } : {}), ...(step.batch ? { paymentId: step.batch.id } : {}) };
  return transition(tx, r, ctx.resources, { mover: step.mover, id: step.id, action: step.action, to, payload: eventInput, now, ability: step.ability, t: step.t }, decide);
}

/**
 * One person's action over HTTP: the pipeline in an Idempotency-Key's transaction (required for
 * money actions, which the resource file marks), wrong SMS codes counted even when the action is
 * refused, and the record answered with its history, as GET answers it. The listeners (messages,
 * todos) run as the key's `then`, sent with the stored answer; they do not change the answer.
 */
export function actOnHttp(req: FastifyRequest, reply: FastifyReply, ctx: Required<PipelineContext>, step: Omit<ActionStep, 'confirmation'>) {
  const action = declarationOf(step.r, step.action);
  let moved: Moved | undefined;
  const hearMove = () => (moved ? phase('events', () => moved!.hear()) : Promise.resolve());
  return countingWrongTries(ctx.db, () =>
    idempotent(req, reply, ctx.db, { required: !!action?.money, then: hearMove }, async (tx) => {
      moved = await performAction(tx, ctx, { ...step, confirmation: 'code' });
      // With its history, as GET answers it: the console writes this answer into its cache instead of reading the record again.
      return historyView(tx, await asRead(tx, step.r, moved.row), moved.events);
    }),
  );
}
