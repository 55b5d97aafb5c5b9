import { createElement, lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';

// React.lazy for route pages, with two things React.lazy lacks: SPEC §8's 120 s chunk-load
// timeout (a download that hangs becomes an error) and a retry. React.lazy remembers a failed
// import forever, so the only way out of a failed chunk would be a full reload; here a failed
// page gets a fresh React.lazy when the error boundary's retry calls retryFailedPages().

type PageModule<P> = { default: ComponentType<P> };

const failed = new Set<() => void>();

/** Forget every failed page load, so the next render downloads it again. */
export function retryFailedPages(): void {
  for (const renew of failed) renew();
  failed.clear();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timeout after ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export function lazyPage<P extends object = object>(load: () => Promise<PageModule<P>>) {
  const make = () =>
    lazy(() =>
      withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).catch((error: unknown) => {
        failed.add(() => {
          current = make();
        });
        throw error;
      }),
    );
  let current = make();
  return function LazyPage(props: P) {
    return createElement(current, props);
  };
}
