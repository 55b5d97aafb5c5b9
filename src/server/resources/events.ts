// What follows a record's event inside the same transaction: messages and todos for the right
// party (e.g. src/server/domains/trading/notifications.ts). Domains declare their listeners per
// resource (Domain.listeners); each sees the record before and after, and runs in the action's
// transaction, so a failed listener rolls the action back with it.
import type { ResourceDefinition } from '../../shared/resources/types';
import type { Db } from '../db/client';
import { contributions } from '../domain';
import type { RecordRow } from './records';

export interface RecordEvent {
  tx: Db;
  def: ResourceDefinition;
  /** `create` or the action's name. */
  action: string;
  /** The record before the action (null on create). */
  before: RecordRow | null;
  after: RecordRow;
  /** The action's input as stored with its event ({} on create). */
  input: Record<string, unknown>;
  /** Who acted. */
  userId: string;
  accountId: string;
  now: Date;
}

export type RecordListener = (event: RecordEvent) => Promise<void>;

/** Runs the listeners of the event's resource, in the order of the domain list. */
export async function emitRecordEvent(event: RecordEvent): Promise<void> {
  for (const listener of contributions().listeners.get(event.def.name) ?? []) await listener(event);
}
