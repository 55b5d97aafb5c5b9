import { useCustom, useGetIdentity, type CustomResponse } from '@refinedev/core';
import { LANGUAGES } from '../../shared/constants';
import type { ResourceDefinition, ResourceLabels } from '../../shared/resources/types';
import { i18n } from '../i18n';
import { SYSTEM, unwrapped } from '../refine/systemData';
import { rememberDefinitions } from '../refine/loadedDefinitions';
import type { Identity } from '../providers/identity';
import { publishRuntimeRoutes } from '../refine/runtimeRoutes';

// The resource definitions the signed-in user may query (GET /api/meta/resources), read through
// refine's `system` provider into its cache. Each one carries its own labels in both languages;
// they are added to i18next as the namespace `res.<name>` so any part of the console (menu,
// tabs, breadcrumbs) can say `t('res.purchaseOffers:title')`.

/** The i18next namespace of a resource's (or standalone form's) own labels. */
export const labelsNamespace = (name: string) => `res.${name}`;

export function registerLabels(name: string, labels: Record<string, ResourceLabels>): void {
  for (const language of LANGUAGES) {
    const bundle = labels[language];
    if (bundle) i18n.addResourceBundle(language, labelsNamespace(name), bundle, true, true);
  }
}

/** The answers already taken in: a refetch answering the same list keeps the same object. */
const adopted = new WeakSet<object>();

/**
 * Makes an answer's definitions known to the console (labels, runtime routes, the loaded list)
 * once, before any component reads them: refine's useCustom runs the provider's read, and
 * react-query hands each new answer through here first.
 */
function adopt(answer: CustomResponse<ResourceDefinition[]>): CustomResponse<ResourceDefinition[]> {
  if (adopted.has(answer)) return answer;
  adopted.add(answer);
  const definitions = answer.data;
  for (const definition of definitions) registerLabels(definition.name, definition.labels);
  publishRuntimeRoutes(definitions);
  rememberDefinitions(definitions);
  return answer;
}

/** What the server's list depends on: the user, its grants and opened services (they change when the caller is read again after approval). */
const definitionsKey = ({ profile }: Identity): string => JSON.stringify([profile.id, profile.role?.permissions ?? null, profile.services ?? null]);

/**
 * All definitions of the signed-in user. Keyed by the caller, so another sign-in in the same tab
 * (or the same user approved since) sees its own list; they change only with a deployment
 * otherwise, hence the long stale time.
 */
export function useResourceDefinitions() {
  const { data: identity } = useGetIdentity<Identity | null>();
  const { query } = useCustom<ResourceDefinition[]>({
    url: '/meta/resources',
    method: 'get',
    meta: { silent: true, cacheKey: identity ? definitionsKey(identity) : null },
    dataProviderName: SYSTEM,
    queryOptions: { enabled: Boolean(identity), staleTime: 30 * 60_000, retry: 1, select: adopt },
  });
  return unwrapped<ResourceDefinition[]>(query);
}

/** One definition by name; `missing` when the list loaded without it (unknown or not permitted). */
export function useResourceDefinition(name: string) {
  const query = useResourceDefinitions();
  const definition = query.data?.find((d) => d.name === name);
  return { ...query, definition, missing: query.isSuccess && !definition };
}
