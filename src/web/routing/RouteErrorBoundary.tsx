import { Component, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

function LoadFailed() {
  const { t } = useTranslation('app');
  return (
    <div className="load-failed" role="alert">
      <p>{t('error.loadFailed')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </div>
  );
}

/** A page whose code failed to load (network gone, new deploy) offers a reload instead of a blank screen. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}
