import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';

/**
 * React.lazy for a route's page, with SPEC §8's 120 s chunk-load timeout: a download that
 * hangs becomes an error the route's error boundary can offer to retry.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
        load().then(resolve, reject).finally(() => clearTimeout(timer));
      }),
  );
}
