import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';

type PageModule = { default: ComponentType };

/**
 * React.lazy for a route's page, with SPEC §8's 120 s chunk-load timeout: a download that
 * hangs becomes an error the route's error boundary can offer to retry.
 */
export function lazyPage(load: () => Promise<PageModule>) {
  return lazy(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
        load().then(resolve, reject).finally(() => clearTimeout(timer));
      }),
  );
}
