import { type App, parseAppFailure } from '@agent-console/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<App['status'], string> = {
  stopped: 'default',
  starting: 'processing',
  running: 'success',
  stopping: 'processing',
  failed: 'error',
};

/** The app's state as a tag; a failed app says why under it, in the reader's language when known. */
export function AppStatusCell({ app }: { app: App }) {
  const { t } = useTranslation('app');
  const failure = app.statusReason ? parseAppFailure(app.statusReason) : null;
  const reason = failure ? t(`reasons.${failure.key}`, failure.values) : app.statusReason;
  return (
    <div data-testid={`status-${app.code}`} data-status={app.status}>
      <Tag color={COLOURS[app.status]}>{t(`status.${app.status}`)}</Tag>
      {app.status === 'failed' && reason && (
        <Typography.Text type="danger" className="app-status-reason" data-testid={`status-reason-${app.code}`}>
          {reason}
        </Typography.Text>
      )}
    </div>
  );
}
