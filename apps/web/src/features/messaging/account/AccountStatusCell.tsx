import { type ChatAccount, DICT_TYPES } from '@agent-console/contracts';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../platform/stores/dict-store';
import { formatShortTime, formatTime } from '../../../ui/crud';

/**
 * The login state as its dictionary tag (`chat_login_status`); an offline account says why it
 * dropped (the supervisor's reason code) and since when.
 */
export function AccountStatusCell({ account }: { account: ChatAccount }) {
  const { t } = useTranslation('chat-account');
  const status = useDict(DICT_TYPES.chatLoginStatus);
  const option = status.option(account.loginStatus);
  const offline = account.loginStatus === 'offline';
  return (
    <div data-testid={`login-status-${account.account}`} data-status={account.loginStatus}>
      <Tag color={option?.color ?? (offline ? 'default' : 'success')}>{status.label(account.loginStatus)}</Tag>
      {offline && account.offlineReason && (
        <Typography.Text
          type="secondary"
          className="chat-account-offline"
          data-testid={`offline-reason-${account.account}`}
        >
          {t(`dropReasons.${account.offlineReason}`)}
          {account.offlineAt && (
            <>
              {' · '}
              <time dateTime={account.offlineAt} title={formatTime(account.offlineAt)}>
                {formatShortTime(account.offlineAt)}
              </time>
            </>
          )}
        </Typography.Text>
      )}
    </div>
  );
}
