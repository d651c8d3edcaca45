import { Button } from 'antd';
import type { ReactNode } from 'react';
import i18n from '../../platform/i18n';
import { PlainResult } from '../../ui/plain/PlainResult';
import { ErrorBoundary } from '../router/ErrorBoundary';

interface Props {
  children: ReactNode;
  /** Named in the log entry so the failing page can be found. */
  where: string;
  /** Runs before "Try again" renders the page again (a failed chunk starts loading anew). */
  onRetry?: () => void;
}

/** A page that throws while rendering is logged and replaced by a message; the shell stays usable. */
export function PageErrorBoundary({ children, where, onRetry }: Props) {
  return (
    <ErrorBoundary
      where={where}
      onRetry={onRetry}
      fallback={(error, retry) => (
        <PlainResult
          status="error"
          title={i18n.t('shell:pageError.title')}
          subTitle={error.message}
          testId="page-error"
          extra={
            <Button type="primary" onClick={retry}>
              {i18n.t('shell:pageError.retry')}
            </Button>
          }
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
