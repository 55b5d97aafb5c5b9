import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, NETWORK_ERROR_CODE, TIMEOUT_CODE } from '../providers/http';
import { errorText } from '../providers/httpErrorPolicy';

// The designed states of generated pages: loading, failed, empty. Never a blank area.

export function LoadingState({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-busy="true" className="resource-loading">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

/** What failed and a way to try again; a 404 or 403 says so rather than "failed". */
export function ErrorState({ error, onRetry, extra }: { error: unknown; onRetry?: () => void; extra?: ReactNode }) {
  const { t } = useTranslation('resources');
  const code = error instanceof HttpError ? error.code : undefined;
  const title = code === 404 ? t('state.notFound') : code === 403 ? t('state.forbidden') : t('state.loadFailed');
  const said = error instanceof HttpError && (error.msg || code === TIMEOUT_CODE || code === NETWORK_ERROR_CODE);
  const detail = said ? errorText(error) : undefined;
  return (
    <Result
      status={code === 404 ? '404' : code === 403 ? '403' : 'warning'}
      icon={code === undefined ? <ExclamationCircleOutlined /> : undefined}
      title={title}
      subTitle={detail !== title ? detail : undefined}
      extra={
        <>
          {onRetry && code !== 404 && code !== 403 && (
            <Button type="primary" onClick={onRetry}>
              {t('state.retry')}
            </Button>
          )}
          {extra}
        </>
      }
    />
  );
}

export function EmptyState({ description, action }: { description: string; action?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {action}
    </Empty>
  );
}
