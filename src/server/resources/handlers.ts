// Domain logic a resource action runs inside its transaction, contributed by a domain under a
// name (Domain.handlers, src/server/domain.ts). A resource file refers to a handler by that name
// (actions[].handler); the server refuses to start when a file names a handler no domain gives.
//
// The handler runs BEFORE the state is written, with the record locked and as it is now. It may
// refuse (throw an AppError: nothing is written), patch the record's fields, send the record to
// another declared state than the action's `to`, and create records of other resources; all of
// it commits with the transition and its event, or none of it does.
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import type { Db } from '../db/client';
import type { ResourceRegistry } from './registry';

export interface ActionContext {
  tx: Db;
  resource: string;
  action: string;
  /** The record as locked for this action, before any change. */
  record: {
    id: string;
    accountId: string | null;
    state: string | null;
    version: number;
    data: Record<string, unknown>;
    /** The record's parties (role -> account) as the locked row holds them (a copy kept by a trigger), so a handler need not read them again. */
    parties?: Record<string, string>;
  };
  /** The action's input, validated against the action's input schema. */
  input: Record<string, unknown>;
  userId: string;
  accountId: string;
  now: Date;
  /** Every resource this server serves: a handler that moves another record does it through moves.ts with it. */
  resources: ResourceRegistry;
  /** The record whose action causes this one (a payment request paying its bill). */
  via?: { resource: string; id: string };
  /** One of several records acted on together (a payment of several bills): the selection's id and size. */
  batch?: { id: string; size: number };
  /** The variants this deployment serves (config.variants): a handler applying a variant file's option reads them (settlement's passing on). */
  variants?: readonly string[];
  /** Creates a record of another resource in this transaction (validated, with its create event and parties). */
  create(resource: string, data: Record<string, unknown>, owner: { accountId: string; parties?: Record<string, string> }): Promise<ResourceRecord>;
}

export interface ActionOutcome {
  /** Fields to merge into the record's data (the result is validated like any write). */
  patch?: Record<string, unknown>;
  /** A declared state other than the action's `to`. */
  to?: string;
  /** Later party roles (the resource's laterParties) this action fills, role -> account. */
  parties?: Record<string, string>;
  /**
   * Statements the handler has sent and whose answer it need not see before the record moves
   * (a ledger move whose failure is a refusal): the record's write is sent right behind them,
   * one round trip for both, and the action waits for both (records.ts transition). Their
   * failure fails the action as the handler's own would, and rolls everything back.
   */
  pending?: Promise<unknown>;
}

export type ActionHandler = (ctx: ActionContext) => Promise<ActionOutcome | void>;


/** A user creating a record (the resource's createHandler), in the create's transaction. */
export interface CreateContext {
  tx: Db;
  resource: string;
  /** The resource's definition (its file). */
  def: ResourceDefinition;
  /** The data as sent, with the derived fields (compute) and before validation. */
  data: Record<string, unknown>;
  userId: string;
  accountId: string;
  now: Date;
  resources: ResourceRegistry;
}

export interface CreateOutcome {
  /** Fields to merge into the data (validated with it). */
  patch?: Record<string, unknown>;
  /** The record's parties, role -> account. */
  parties?: Record<string, string>;
}

export type CreateHandler = (ctx: CreateContext) => Promise<CreateOutcome | void>;
