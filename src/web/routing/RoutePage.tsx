import type { ResolvedRoute } from '../../shared/menu';
import { PAGES, ReceiptPage, ResourceRoute } from '../pages/registry';

/** What a route of schemas/menu.json renders: a named page, a resource view or a receipt. */
export function RoutePage({ route }: { route: ResolvedRoute }) {
  const render = route.render;
  if (!render) return null;
  if ('page' in render) {
    const Page = PAGES[render.page];
    if (!Page) throw new Error(`menu.json: route ${route.key} names page '${render.page}', which src/web/pages/registry.ts does not register`);
    return <Page route={route} />;
  }
  if ('resource' in render) return <ResourceRoute resource={render.resource} route={route} />;
  return <ReceiptPage template={render.receipt} route={route} />;
}
