// Domain logic a resource action runs inside its state transition, registered by name. A
// resource file refers to a handler by that name (actions[].handler); the server refuses to
// start when a file names a handler that is not registered here.
import type { Db } from '../db/client';

export interface ActionContext {
  tx: Db;
  resource: string;
  record: { id: string; accountId: string | null; state: string | null; data: Record<string, unknown> };
  input: Record<string, unknown>;
  userId: string;
  now: Date;
}

export type ActionHandler = (ctx: ActionContext) => Promise<void>;

const handlers = new Map<string, ActionHandler>();

export function registerHandler(name: string, handler: ActionHandler): void {
  if (handlers.has(name)) throw new Error(`action handler '${name}' is registered twice`);
  handlers.set(name, handler);
}

export const knownHandler = (name: string): boolean => handlers.has(name);
export const handlerFor = (name: string): ActionHandler | undefined => handlers.get(name);
