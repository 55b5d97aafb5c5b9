import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, NETWORK_ERROR_CODE, TIMEOUT_CODE } from '../providers/httpError';
import { errorText } from '../providers/httpErrorPolicy';

export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  extra?: ReactNode;
}

/** What failed and a way to try again; a 404 or 403 says so rather than "failed". */
export default function ErrorResult({ error, onRetry, extra }: ErrorStateProps) {
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
