import {
  ONLINE_PERMISSIONS,
  ONLINE_SORT_FIELDS,
  type OnlineUser,
  onlineUserPageRequestSchema,
} from '@agent-console/contracts';
import { LogoutOutlined } from '@ant-design/icons';
import { Space, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../../platform/api/feedback';
import { onlineUsers, useForceLogout } from '../../../../platform/resources/monitor';
import { SHORT_TIME_WIDTH, shortTime, useCan, useConfirm } from '../../../../ui/crud';
import { LogList } from '../../../../ui/log-list/LogList';
import { usernameFilter } from '../../../../ui/log-list/SearchFields';
import { useLogList } from '../../../../ui/log-list/use-log-list';

/** Online users (SPEC §7): the live sessions, with force logout one by one or in a batch. */
export default function OnlineUsersPage() {
  const { t } = useTranslation(['monitor', 'crud']);
  const can = useCan();
  const confirm = useConfirm();
  const log = useLogList(onlineUsers, ONLINE_SORT_FIELDS, { schema: onlineUserPageRequestSchema });
  const forceLogout = useForceLogout();

  const end = async (rows: OnlineUser[]) => {
    const { count } = await forceLogout.mutateAsync(rows.map((r) => r.key));
    feedback.success(t('online.forced', { count }));
  };

  /** Confirm first; forcing out your own session asks a second time, since it signs you out. */
  const forceOut = async (rows: OnlineUser[]): Promise<boolean> => {
    const own = rows.some((r) => r.current);
    const sure = await confirm({
      title: t('online.confirmTitle'),
      content: t('online.confirm', { names: rows.map((r) => r.username).join(', '), count: rows.length }),
      okTestId: 'confirm-force',
      ...(own ? {} : { run: () => end(rows) }),
    });
    if (!sure || !own) return sure;
    return confirm({
      title: t('online.selfTitle'),
      content: t('online.self'),
      okTestId: 'confirm-self',
      run: () => end(rows),
    });
  };

  const columns: TableColumnsType<OnlineUser> = [
    { title: t('online.key'), dataIndex: 'key', width: 120, ellipsis: true },
    {
      title: t('fields.user'),
      width: 170,
      ...log.sortable('username'),
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{r.username}</span>
          {r.nickName !== r.username && <span className="ant-typography-secondary">({r.nickName})</span>}
          {r.current && <Tag color="blue">{t('online.you')}</Tag>}
        </Space>
      ),
    },
    // Sized so that the pinned actions keep room for "Force logout" at 1440 px (issue 37).
    { title: t('fields.customer'), dataIndex: 'customerName', width: 100, ellipsis: true },
    { title: t('fields.ip'), dataIndex: 'ip', width: 100, ellipsis: true, ...log.sortable('ip') },
    { title: t('fields.browser'), dataIndex: 'browser', width: 100, ellipsis: true },
    { title: t('fields.os'), dataIndex: 'os', width: 80, ellipsis: true },
    {
      title: t('online.loginTime'),
      dataIndex: 'loginTime',
      width: SHORT_TIME_WIDTH,
      ...log.sortable('loginTime'),
      render: shortTime,
    },
    {
      title: t('online.lastSeen'),
      dataIndex: 'lastSeenAt',
      width: SHORT_TIME_WIDTH,
      ...log.sortable('lastSeenAt'),
      render: shortTime,
    },
  ];
  const canForce = can(ONLINE_PERMISSIONS.forceLogout);
  const force = { label: t('online.forceSelected'), icon: <LogoutOutlined />, testId: 'force-selected', run: forceOut };

  return (
    <LogList
      testId="online-page"
      rowKey="key"
      log={log}
      columns={columns}
      rowName={(r) => r.username}
      selectionAction={canForce ? force : undefined}
      rowActions={
        canForce
          ? (r) => [
              {
                key: 'force',
                label: t('online.force'),
                icon: force.icon,
                danger: true,
                onClick: () => void forceOut([r]),
              },
            ]
          : undefined
      }
      filters={[usernameFilter(t), { name: 'ip', label: t('fields.ip') }]}
    />
  );
}
