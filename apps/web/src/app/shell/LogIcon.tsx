import { BugOutlined, FileTextOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogStore } from '../../platform/log/log-store';
import { useSessionStore } from '../../platform/stores/session-store';
import { navigateTo } from '../router/navigate';
import { HeaderButton } from './HeaderButton';

/** The badge stops at 99 (SPEC §9). */
export const LOG_BADGE_CAP = 99;

/**
 * Front-end log icon (ANCHORS §A): plain when empty, a dot when there are entries, a bug with the
 * error count when there are errors; the tooltip says "N logs | M errors" (of the signed-in
 * person's entries); click opens /log.
 */
export function LogIcon() {
  const { t } = useTranslation('shell');
  const all = useLogStore((s) => s.entries);
  // The badge speaks of the signed-in person's session: a failed sign-in before it (theirs or
  // someone else's in this browser) stays on /log but is not their error to see on Home.
  const username = useSessionStore((s) => s.user?.username ?? '');
  const entries = all.filter((e) => e.meta.user === username);
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
    <HeaderButton
      icon={icon}
      testId="log-icon"
      data-state={state}
      label={t('log.tooltip', { logs: entries.length, errors })}
      onClick={() => navigateTo('/log')}
    />
  );
}
