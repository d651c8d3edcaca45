import type { ChatAccount } from '@agent-console/contracts';
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Typography } from 'antd';

/**
 * Who the account is, in the first column: avatar, nickname and under it the login account, each
 * clipped to the column with its whole text in a tooltip (three columns of the list before).
 */
export function AccountCell({ account }: { account: ChatAccount }) {
  return (
    <div className="chat-account-cell crud-cell-clip" data-testid={`account-cell-${account.account}`}>
      <Avatar size="small" src={account.avatar ?? undefined} icon={<UserOutlined />} />
      <div className="chat-account-cell-text">
        <Typography.Text ellipsis={{ tooltip: account.nickname }}>{account.nickname}</Typography.Text>
        <Typography.Text type="secondary" className="chat-account-cell-login" ellipsis={{ tooltip: account.account }}>
          {account.account}
        </Typography.Text>
      </div>
    </div>
  );
}
