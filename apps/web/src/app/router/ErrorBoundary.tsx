import { Component, type ReactNode } from 'react';
import { logError } from '../../platform/log/log-store';

interface Props {
  children: ReactNode;
  /** Named in the log entry so the failing page can be found. */
  where: string;
  /** Runs before "Try again" renders the page again (a failed chunk starts loading anew). */
  onRetry?: () => void;
  /** What shows instead; `retry` renders the children again. */
  fallback(error: Error, retry: () => void): ReactNode;
}

/**
 * A page or the shell that throws while rendering (or whose chunk failed) is logged and replaced
 * by its fallback. No antd here: the shell's own boundary sits outside antd's chunk.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: { componentStack?: string | null }) {
    logError(error.message, { kind: 'render', page: this.props.where, stack: info.componentStack ?? undefined });
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback(this.state.error, this.retry);
  }
}
