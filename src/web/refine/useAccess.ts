import { useCan, useCanWithoutCache } from '@refinedev/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { menuKeys, menuTree, type MenuItem } from '../../shared/menu';
import { forgetIdentity } from '../providers/identity';
import { VARIANT } from '../variant';
import { ROUTE_ACCESS } from './accessControl';

// Thin hooks over refine's access control (accessControl.ts, the console's one gate) for what
// is not a refine button: the menu and the home page's "new ..." actions. None decides anything.
// A check of a permission id alone (a panel of the ops or funds data) reads the same ability
// through @casl/react (src/web/session/ability.tsx).

/**
 * Whether to offer the way to `action` on `resource`: granted, or refused only because the
 * resource's service is not open yet (the page it leads to says where to open it, service.tsx).
 */
export function useOffered(resource: string, action: string): boolean {
  return useOfferedAnswer(resource, action) === true;
}

/** useOffered, undefined while access control has not answered (a page can keep the control's place meanwhile). */
export function useOfferedAnswer(resource: string, action: string): boolean | undefined {
  const answer = useCan({ resource, action }).data;
  return answer ? Boolean(answer.can || answer.reason?.endsWith('ServiceNotOpened')) : undefined;
}

/** refine caches access answers under this key (keys().access()); menu answers live under it too. */
const ACCESS_KEY = ['access'] as const;

/**
 * The variant's navigation tree (SPEC §6): the entries access control lets the caller open
 * (`access` on each menu entry). Empty until the answers are in.
 */
export function useVisibleMenu(): MenuItem[] {
  const { can } = useCanWithoutCache();
  const keys = useMemo(() => menuKeys(VARIANT), []);
  const open = useQuery({
    queryKey: [...ACCESS_KEY, 'menu', keys],
    queryFn: async () => {
      const answers = await Promise.all(keys.map(async (key) => ((await can?.({ resource: key, action: ROUTE_ACCESS }))?.can ?? true ? [key] : [])));
      return new Set(answers.flat());
    },
    retry: false,
  });
  return useMemo(() => (open.data ? menuTree(VARIANT, (route) => open.data.has(route.key)) : []), [open.data]);
}

/** refine's key of authProvider.getIdentity's answer (keys().auth().action('identity')). */
const IDENTITY_KEY = ['auth', 'identity'] as const;

/**
 * After the caller's account changed (a service opened, authentication decided, the account
 * renamed or made an enterprise): the caller is read again from the server (identity.ts), and
 * every reader of it (useCaller, the ability of <Can>) and every access answer follow, without a
 * page reload.
 */
export async function refreshAccess(client: QueryClient): Promise<void> {
  forgetIdentity();
  await client.invalidateQueries({ queryKey: IDENTITY_KEY });
  await client.invalidateQueries({ queryKey: ACCESS_KEY });
}
