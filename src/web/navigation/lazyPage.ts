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

export interface LazyPageComponent<P> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts the download; once it has arrived the page renders without suspending. */
  preload(): Promise<void>;
}

export function lazyPage<P extends object = object>(load: () => Promise<PageModule<P>>): LazyPageComponent<P> {
  // A page that has arrived renders directly: React.lazy would still suspend once on its first
  // render, and React holds back revealing a suspended boundary (up to 300 ms), which is what
  // the first page of a visit must not wait for.
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<PageModule<P>> | undefined;
  const fetchPage = () => {
    pending ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        failed.add(() => {
          current = make();
        });
        throw error;
      },
    );
    return pending;
  };
  const make = () => lazy(fetchPage);
  let current = make();
  const LazyPage = (props: P) => createElement(loaded ?? current, props);
  LazyPage.preload = () =>
    fetchPage().then(
      () => undefined,
      () => undefined, // the render that needs the page shows the failure and its retry
    );
  return LazyPage;
}
