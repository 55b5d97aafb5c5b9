import { useGetIdentity } from '@refinedev/core';
import { useResourceDefinitions } from './definitions';
import { resourceListPath } from '../refine/reference';
import { getRuntimeRoutes, type RuntimeResourceRoute } from '../refine/runtimeRoutes';

/**
 * The runtime resource routes of the signed-in user (see refine/runtimeRoutes.ts), and whether they are
 * known yet: a path that matches no menu.json route is only a 404 once `ready` is true.
 * Signed out (no identity) there is nothing to wait for.
 */
export function useRuntimeResourceRoutes(): { routes: readonly RuntimeResourceRoute[]; ready: boolean } {
  const identity = useGetIdentity();
  const definitions = useResourceDefinitions();
  const settled = definitions.isSuccess || definitions.isError;
  const signedOut = identity.isFetched && !identity.data;
  return { routes: definitions.isSuccess ? getRuntimeRoutes() : [], ready: settled || signedOut || identity.isError };
}

/** The list page of `resource` (refine/reference.ts resourceListPath), once the routes of resource files added at run time are known. */
export function useResourceListPath(resource: string): string | undefined {
  return resourceListPath(resource, useRuntimeResourceRoutes().routes);
}
