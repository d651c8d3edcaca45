import { BugOutlined, FileTextOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../router/navigate';
import { useLogStore } from '../stores/log-store';

/** The badge stops at 99 (SPEC §9). */
export const LOG_BADGE_CAP = 99;

/**
 * Front-end log icon (ANCHORS §A): plain when empty, a dot when there are entries, a bug with the
 * error count when there are errors; the tooltip says "N logs | M errors"; click opens /log.
 */
export function LogIcon() {
  const { t } = useTranslation('shell');
  const entries = useLogStore((s) => s.entries);
  const errors = entries.filter((e) => e.type === 'error').length;
  const state = errors > 0 ? 'errors' : entries.length > 0 ? 'logs' : 'empty';
  const icon =
    state === 'errors' ? (
      <Badge count={errors} overflowCount={LOG_BADGE_CAP} size="small" data-testid="log-badge">
        <BugOutlined className="header-icon-error" />
      </Badge>
    ) : (
      <Badge dot={state === 'logs'}>
        <FileTextOutlined />
      </Badge>
    );
  return (
    <Tooltip title={t('log.tooltip', { logs: entries.length, errors })}>
      <Button
        type="text"
        className="header-button"
        icon={icon}
        data-testid="log-icon"
        data-state={state}
        aria-label={t('log.tooltip', { logs: entries.length, errors })}
        onClick={() => navigateTo('/log')}
      />
    </Tooltip>
  );
}
