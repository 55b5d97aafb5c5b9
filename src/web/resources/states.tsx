import { Empty, Skeleton } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ErrorStateProps } from './ErrorResult';

// The designed states of generated pages: loading, failed, empty. Never a blank area.

export function LoadingState({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-busy="true" className="resource-loading">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

// antd's Result (with its 403/404 illustrations) loads only when something has gone wrong.
const ErrorResult = lazy(() => import('./ErrorResult'));

/** What failed and a way to try again; a 404 or 403 says so rather than "failed". */
export function ErrorState(props: ErrorStateProps) {
  return (
    <Suspense fallback={<LoadingState rows={2} />}>
      <ErrorResult {...props} />
    </Suspense>
  );
}

export function EmptyState({ description, action }: { description: string; action?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {action}
    </Empty>
  );
}
