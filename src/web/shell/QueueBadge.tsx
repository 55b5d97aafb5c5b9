import { Badge } from 'antd';
import { useOpsPending } from '../refine/useOpsPending';

/** Beside an operations queue in the menu (or its group, `group`): how many records wait there; nothing when none. */
export function QueueBadge({ routeKey, group = false }: { routeKey: string; group?: boolean }) {
  const { counts, total } = useOpsPending();
  const count = group ? total : (counts[routeKey] ?? 0);
  if (!count) return null;
  return <Badge count={count} overflowCount={99} size="small" className="shell-menu__badge" style={{ marginInlineStart: 8 }} data-testid={`queue-badge-${routeKey}`} />;
}
