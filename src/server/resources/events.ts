// What follows a record's event inside the same transaction: messages and todos for the right
// party (src/server/trading/notifications.ts). Listeners are registered per resource and see
// the record before and after, so a failed listener rolls the action back with it.
import type { ResourceDefinition } from '../../shared/resources/types';
import type { Db } from '../db/client';
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

type Listener = (event: RecordEvent) => Promise<void>;

const listeners = new Map<string, Listener[]>();

export function onRecordEvent(resource: string, listener: Listener): void {
  listeners.set(resource, [...(listeners.get(resource) ?? []), listener]);
}

export async function emitRecordEvent(event: RecordEvent): Promise<void> {
  for (const listener of listeners.get(event.def.name) ?? []) await listener(event);
}
