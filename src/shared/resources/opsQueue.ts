import type { RouteRender } from '../schema/types';
import type { ResourceDefinition } from './types';

// Platform operations' queues (menu.json routes rendering a resource with scope `ops`: deposits
// to confirm, withdrawals to pay out, objections to resolve). What is pending in one is what
// operations can act on: the records in a state some action declared `by: ops` starts from. The
// server counts it (GET /api/ops/pending, the menu's badges and the ops home) and the queue opens
// filtered on it, so the count and the list agree.

type QueueRender = Extract<RouteRender, { resource: string }>;

/** The states platform operations act in: the `from` states of the actions declared `by: ops`. */
export function opsPendingStates(definition: Pick<ResourceDefinition, 'actions'>): string[] {
  const states = (definition.actions ?? []).filter((action) => (action.by ?? []).includes('ops')).flatMap((action) => action.from);
  return [...new Set(states)];
}

/** Whether a route is an operations queue: it lists a resource in the `ops` scope. */
export const isOpsQueue = (render: RouteRender | undefined): render is QueueRender => Boolean(render && 'resource' in render && render.scope === 'ops' && !render.view);

/**
 * The list query (the API's parameters) of what is pending in a queue: the pending states within
 * those the route lists, and the fields it requires set (render.has). Undefined when operations
 * act on nothing there.
 */
export function opsPendingQuery(definition: Pick<ResourceDefinition, 'actions'>, render: QueueRender): Record<string, string> | undefined {
  const states = opsPendingStates(definition).filter((state) => !render.states || render.states.includes(state));
  if (!states.length) return undefined;
  return { state: states.join(','), ...(render.has ? { has: render.has.join(',') } : {}) };
}
