import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { ResolvedRoute } from '../../shared/menu';
import { HttpError } from '../providers/httpError';
import { CONSOLE_ROUTES, consoleRoute } from '../refine/resources';
import { useResourceDefinition } from './definitions';
import { resourceSubPath } from '../refine/paths';
import { ErrorState, LoadingState } from './states';

// List, show, create and edit pages of one resource, generated from its definition. Each page
// is its own chunk; only create/edit (and an action's input modal) load rjsf and ajv.
const ResourceList = lazy(() => import('./ResourceList'));
const ResourceShow = lazy(() => import('./ResourceShow'));
const ResourceFormPage = lazy(() => import('./ResourceFormPage'));
const MissingId = lazy(() => import('./MissingId'));

const NOT_FOUND = new HttpError({ code: 404, msg: '', data: null });

export interface ResourceRouteProps {
  /** The resource file's name (schemas/resources/<resource>.json), from the route's render.resource. */
  resource: string;
  /** The resolved route that renders it (path, title key, permission ids). */
  route: Pick<ResolvedRoute, 'path'> & Partial<ResolvedRoute>;
}

/** The path of the console route with this key (menu.json render.showRoute, documentRoute). */
const pathOfRoute = (key: string | undefined) => consoleRoute(key)?.path;

function ResourcePages({ resource, route }: ResourceRouteProps) {
  const { t } = useTranslation('menu');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { definition, isPending, isError, error, missing, refetch } = useResourceDefinition(resource);
  const page = resourceSubPath(route.path, pathname);

  if (isPending) return <LoadingState />;
  if (isError) return <ErrorState error={error} onRetry={() => void refetch()} />;
  // Unknown to the server, or not queryable with this role: the server's meta list leaves it out.
  if (missing || !definition || !page) return <ErrorState error={NOT_FOUND} />;

  const render = route.render && 'resource' in route.render ? route.render : undefined;
  // A show route (render.view show, e.g. /contract/chainDetails?id=) belongs to the list that
  // opens it (its showRoute): "back", edit and delete go there.
  // A show route no list names (a step's page, /requestFunds/confirmFunds) belongs to the resource's
  // list; a create route to the list whose createRoute names it.
  const listOf = (test: (r: Extract<NonNullable<ResolvedRoute['render']>, { resource: string }>) => boolean) =>
    CONSOLE_ROUTES.find((r) => r.render && 'resource' in r.render && test(r.render));
  const listRoute =
    render?.view === 'show'
      ? (listOf((r) => r.showRoute === route.key) ?? listOf((r) => r.resource === resource && !r.view && !r.scope && !r.states && !r.filter && !r.has))
      : render?.view === 'create'
        ? listOf((r) => r.createRoute === route.key)
        : undefined;
  const basePath = listRoute?.path ?? route.path;
  const documentPath = pathOfRoute(render?.documentRoute);
  // A route whose view is the create form (menu.json render.view) opens it at its own path; a
  // show route shows the record of its ?id=.
  const id = params.get('id');
  let shown = page;
  if (page.page === 'list' && render?.view === 'create') shown = { page: 'create' };
  if (page.page === 'list' && render?.view === 'show') {
    // Opened without its ?id= (a bookmark cut short): say what is missing, as the document routes do.
    if (!id) return <MissingId definition={definition} />;
    shown = { page: 'show', id };
  }
  switch (shown.page) {
    case 'list': {
      // A route listing part of the resource (a scope, some states or values) is headed by its own menu title.
      const narrowed = Boolean(render?.scope || render?.states || render?.filter);
      const heading = narrowed && route.titleKey ? t(route.titleKey) : undefined;
      return <ResourceList definition={definition} basePath={basePath} scope={render?.scope} states={render?.states} filter={render?.filter} has={render?.has} showPath={pathOfRoute(render?.showRoute)} heading={heading} scopes={render?.scopes} createPath={pathOfRoute(render?.createRoute)} />;
    }
    case 'show':
      return <ResourceShow key={shown.id} definition={definition} basePath={basePath} id={shown.id} documentPath={documentPath} />;
    case 'create':
      return <ResourceFormPage key="create" definition={definition} basePath={basePath} />;
    case 'edit':
      return <ResourceFormPage key={shown.id} definition={definition} basePath={basePath} id={shown.id} />;
    default:
      return null;
  }
}

/** The route slot of a resource: routes its own sub-paths (<path>/create, /show/:id, /edit/:id). */
export default function ResourceRoute(props: ResourceRouteProps) {
  return (
    <Suspense fallback={<LoadingState />}>
      <ResourcePages {...props} />
    </Suspense>
  );
}
