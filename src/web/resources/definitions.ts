import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../shared/api';
import { LANGUAGES } from '../../shared/constants';
import type { ResourceDefinition, ResourceLabels } from '../../shared/resources/types';
import { i18n } from '../i18n';
import { http } from '../providers/http';
import { rememberDefinitions } from './loadedDefinitions';
import { publishRuntimeRoutes } from './runtimeRoutes';

// The resource definitions the signed-in user may query (GET /api/meta/resources), cached by
// react-query inside <Refine>. Each one carries its own labels in both languages; they are
// added to i18next as the namespace `res.<name>` so any part of the console (menu, tabs,
// breadcrumbs) can say `t('res.purchaseOffers:title')`.

/** The i18next namespace of a resource's (or standalone form's) own labels. */
export const labelsNamespace = (name: string) => `res.${name}`;

export function registerLabels(name: string, labels: Record<string, ResourceLabels>): void {
  for (const language of LANGUAGES) {
    const bundle = labels[language];
    if (bundle) i18n.addResourceBundle(language, labelsNamespace(name), bundle, true, true);
  }
}

export const RESOURCE_DEFINITIONS_KEY = ['lsf', 'meta', 'resources'] as const;

async function fetchDefinitions(): Promise<ResourceDefinition[]> {
  const definitions = await http.get<ResourceDefinition[]>('/meta/resources', { silent: true });
  for (const definition of definitions) registerLabels(definition.name, definition.labels);
  publishRuntimeRoutes(definitions);
  rememberDefinitions(definitions);
  return definitions;
}

/**
 * All definitions of the signed-in user. Keyed by the user, so another sign-in in the same tab
 * sees its own list; they change only with a deployment, hence the long stale time.
 */
export function useResourceDefinitions() {
  const { data: identity } = useGetIdentity<Profile>();
  return useQuery({
    queryKey: [...RESOURCE_DEFINITIONS_KEY, identity?.id ?? null],
    queryFn: fetchDefinitions,
    enabled: Boolean(identity),
    staleTime: 30 * 60_000,
    retry: 1,
  });
}

/** One definition by name; `missing` when the list loaded without it (unknown or not permitted). */
export function useResourceDefinition(name: string) {
  const query = useResourceDefinitions();
  const definition = query.data?.find((d) => d.name === name);
  return { ...query, definition, missing: query.isSuccess && !definition };
}
