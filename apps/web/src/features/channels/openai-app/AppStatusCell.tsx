import { type App, DICT_TYPES, parseAppFailure } from '@agent-console/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../ui/dict/DictTag';

/**
 * The app's state as a tag (label and colour from the `app_status` dictionary); a failed app says
 * why under it, in the reader's language when known.
 */
export function AppStatusCell({ app }: { app: App }) {
  const { t } = useTranslation('app');
  const failure = app.statusReason ? parseAppFailure(app.statusReason) : null;
  const reason = failure ? t(`reasons.${failure.key}`, failure.values) : app.statusReason;
  return (
    <div data-testid={`status-${app.code}`} data-status={app.status}>
      <DictTag dict={DICT_TYPES.appStatus} value={app.status} />
      {app.status === 'failed' && reason && (
        <Typography.Text type="danger" className="app-status-reason" data-testid={`status-reason-${app.code}`}>
          {reason}
        </Typography.Text>
      )}
    </div>
  );
}
