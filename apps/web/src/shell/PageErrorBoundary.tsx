import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import i18n from '../i18n';
import { logError } from '../stores/log-store';

interface Props {
  children: ReactNode;
  /** Named in the log entry so the failing page can be found. */
  where: string;
  /** Runs before "Try again" renders the page again (a failed chunk starts loading anew). */
  onRetry?: () => void;
}

/** A page that throws while rendering is logged and replaced by a message; the shell stays usable. */
export class PageErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: { componentStack?: string | null }) {
    logError(error.message, { kind: 'render', page: this.props.where, stack: info.componentStack ?? undefined });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title={i18n.t('shell:pageError.title')}
        subTitle={this.state.error.message}
        data-testid="page-error"
        extra={
          <Button
            type="primary"
            onClick={() => {
              this.props.onRetry?.();
              this.setState({ error: null });
            }}
          >
            {i18n.t('shell:pageError.retry')}
          </Button>
        }
      />
    );
  }
}
