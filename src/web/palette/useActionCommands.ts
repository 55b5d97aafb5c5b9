import { useCanWithoutCache } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Language } from '../../shared/constants';
import { resourceText } from '../resources/labels';
import { useRecordCommands } from '../resources/recordCommands';
import type { ActionCommand } from './commands';

/**
 * The declared actions the caller may take now on the record open at `location` (the page on
 * screen): each asked of refine's access control with the record, as the page's buttons ask it
 * (RecordActions), and run as clicking its button runs it.
 */
export function useActionCommands(location: string, language: Language): ActionCommand[] {
  const open = useRecordCommands(location);
  const { can } = useCanWithoutCache();
  const allowed = useQuery({
    queryKey: ['palette', 'actions', open?.definition.name, open?.record.id, open?.record.version, open?.record.state],
    enabled: Boolean(open?.definition.actions?.length && can),
    queryFn: async () => {
      const { definition, record } = open!;
      const declared = definition.actions ?? [];
      const answers = await Promise.all(declared.map((action) => can!({ resource: definition.name, action: action.name, params: { id: record.id, meta: { record } } })));
      return declared.filter((_, i) => answers[i]?.can).map((action) => action.name);
    },
  });
  return useMemo(() => {
    if (!open || !allowed.data) return [];
    const text = resourceText(open.definition, language, () => undefined);
    return (open.definition.actions ?? [])
      .filter((action) => allowed.data.includes(action.name))
      .map((action): ActionCommand => ({ kind: 'action', id: `action:${action.name}`, title: text.action(action.name), run: () => open.start(action) }));
  }, [open, allowed.data, language]);
}
