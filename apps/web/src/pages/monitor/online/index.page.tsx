import { ONLINE_SORT_FIELDS, type OnlineUser, type OnlineUserFilter, PERMISSIONS } from '@agent-console/contracts';
import { LogoutOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps, Card, Form, Input, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorApi, useForceLogout, useOnlineUsers } from '../../../api/monitor';
import { useCan } from '../../../components/crud/use-can';
import { useListState, withoutEmpty } from '../../../components/crud/use-list-state';
import { ExportButton } from '../../../components/log-list/ExportButton';
import { formatTime } from '../../../components/log-list/format';
import '../../../components/log-list/monitor.css';

type Filters = Omit<OnlineUserFilter, 'orderBy'>;

/** Online users (SPEC §7): the live sessions, with force logout one by one or in a batch. */
export default function OnlineUsersPage() {
  const { t } = useTranslation('monitor');
  const { modal, message } = App.useApp();
  const can = useCan();
  const list = useListState<Filters, (typeof ONLINE_SORT_FIELDS)[number]>(ONLINE_SORT_FIELDS, 20);
  const query = useOnlineUsers(list.request);
  const forceLogout = useForceLogout();
  const [selected, setSelected] = useState<OnlineUser[]>([]);
  const [form] = Form.useForm<Filters>();

  const run = async (rows: OnlineUser[]) => {
    const { count } = await forceLogout.mutateAsync(rows.map((r) => r.key));
    setSelected([]);
    message.success(t('online.forced', { count }));
  };

  /** Confirm first; forcing out your own session asks a second time, since it signs you out. */
  const confirmForce = (rows: OnlineUser[]) => {
    const names = rows.map((r) => r.username).join(', ');
    modal.confirm({
      title: t('online.confirmTitle'),
      content: t('online.confirm', { names, count: rows.length }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-force' } as ButtonProps,
      onOk: () => {
        if (!rows.some((r) => r.current)) return run(rows).catch(() => undefined);
        modal.confirm({
          title: t('online.selfTitle'),
          content: t('online.self'),
          okButtonProps: { danger: true, 'data-testid': 'confirm-self' } as ButtonProps,
          onOk: () => run(rows).catch(() => undefined),
        });
      },
    });
  };

  const columns: TableColumnsType<OnlineUser> = [
    {
      title: t('online.key'),
      dataIndex: 'key',
      width: 140,
      ellipsis: true,
    },
    {
      title: t('fields.user'),
      key: 'username',
      width: 230,
      sorter: true,
      sortOrder: list.sortOrder('username'),
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{r.username}</span>
          {r.nickName !== r.username && <span className="ant-typography-secondary">({r.nickName})</span>}
          {r.current && <Tag color="blue">{t('online.you')}</Tag>}
        </Space>
      ),
    },
    { title: t('fields.customer'), dataIndex: 'customerName' },
    { title: t('fields.ip'), dataIndex: 'ip', key: 'ip', sorter: true, sortOrder: list.sortOrder('ip') },
    { title: t('fields.browser'), dataIndex: 'browser' },
    { title: t('fields.os'), dataIndex: 'os' },
    {
      title: t('online.loginTime'),
      dataIndex: 'loginTime',
      key: 'loginTime',
      sorter: true,
      sortOrder: list.sortOrder('loginTime'),
      render: formatTime,
    },
    {
      title: t('online.lastSeen'),
      dataIndex: 'lastSeenAt',
      key: 'lastSeenAt',
      sorter: true,
      sortOrder: list.sortOrder('lastSeenAt'),
      render: formatTime,
    },
    ...(can(PERMISSIONS.online.forceLogout)
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 120,
            render: (_: unknown, r: OnlineUser) => (
              <Button
                type="link"
                danger
                size="small"
                icon={<LogoutOutlined />}
                onClick={() => confirmForce([r])}
                data-testid={`force-${r.username}`}
              >
                {t('online.force')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card className="monitor-page" data-testid="online-page">
      <Form
        form={form}
        layout="inline"
        className="monitor-filters"
        onFinish={(values) => list.setFilters(withoutEmpty(values))}
        onReset={() => list.setFilters({})}
      >
        <Form.Item name="username" label={t('fields.username')}>
          <Input allowClear maxLength={64} placeholder={t('fields.exactUsername')} data-testid="filter-username" />
        </Form.Item>
        <Form.Item name="ip" label={t('fields.ip')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search">
            {t('common.search')}
          </Button>
          <Button htmlType="reset">{t('common.reset')}</Button>
        </Space>
      </Form>
      <div className="monitor-toolbar">
        {can(PERMISSIONS.online.forceLogout) && (
          <Button
            danger
            icon={<LogoutOutlined />}
            disabled={!selected.length}
            onClick={() => confirmForce(selected)}
            data-testid="force-selected"
          >
            {t('online.forceSelected')}
          </Button>
        )}
        {can(PERMISSIONS.online.export) && <ExportButton run={() => monitorApi.onlineExport(list.request)} />}
        <span className="monitor-toolbar-spacer" />
        <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} aria-label={t('common.refresh')} />
      </div>
      <Table<OnlineUser>
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onChange}
        scroll={{ x: 1200 }}
        rowSelection={
          can(PERMISSIONS.online.forceLogout)
            ? { selectedRowKeys: selected.map((r) => r.key), onChange: (_, rows) => setSelected(rows) }
            : undefined
        }
        locale={{ emptyText: t('common.empty') }}
      />
    </Card>
  );
}
