import { Component, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { retryFailedPages } from './lazyPage';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('app');
  return (
    <div className="load-failed" role="alert">
      <p>{t('error.loadFailed')}</p>
      <Button type="primary" onClick={onRetry}>
        {t('error.retry')}
      </Button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** A new key (the next page) clears the failure: one broken page does not block the others. */
  resetKey?: string;
}

interface State {
  failed: boolean;
  resetKey?: string;
}

/**
 * A page whose code failed to load (network gone, new deploy, 120 s timeout) offers a retry
 * instead of a blank screen. Retry downloads the failed chunks again (see lazyPage.ts).
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  private readonly retry = () => {
    retryFailedPages();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? <LoadFailed onRetry={this.retry} /> : this.props.children;
  }
}
