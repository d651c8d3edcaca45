import type { ContactInitProgress } from '@agent-console/contracts';
import { Alert, Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  progress: ContactInitProgress | undefined;
  /** Why the last start was refused (the call itself failed), if it was. */
  startError: string | null;
  canRetry: boolean;
  retrying: boolean;
  onRetry(): void;
}

/**
 * The address-list initialisation of the chosen account while it runs (a progress bar), or why it
 * failed with a retry; nothing once it has completed or never ran.
 */
export function ContactInitBar({ progress, startError, canRetry, retrying, onRetry }: Props) {
  const { t } = useTranslation('chat-address');
  const failed = startError !== null || progress?.status === 'failed';
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        className="chat-address-init"
        title={<span data-testid="init-error">{t('init.failed')}</span>}
        description={startError ?? progress?.error}
        {...(canRetry
          ? {
              action: (
                <Button size="small" danger loading={retrying} onClick={onRetry} data-testid="init-retry">
                  {t('init.retry')}
                </Button>
              ),
            }
          : {})}
      />
    );
  }
  if (progress?.status !== 'queued' && progress?.status !== 'running') return null;
  const percent = progress.total > 0 ? Math.min(99, Math.floor((progress.processed / progress.total) * 100)) : 0;
  return (
    <Alert
      type="info"
      showIcon
      className="chat-address-init"
      title={
        progress.total > 0
          ? t('init.progress', { processed: progress.processed, total: progress.total })
          : t('init.queued')
      }
      description={<Progress percent={percent} status="active" data-testid="init-progress" />}
      data-testid="init-running"
    />
  );
}
