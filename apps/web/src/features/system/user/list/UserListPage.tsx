import {
  type AdminUser,
  type DeptNode,
  PERMISSIONS,
  USER_SORT_FIELDS,
  type UserPageQuery,
  userPageQuerySchema,
} from '@agent-console/contracts';
import { KeyOutlined } from '@ant-design/icons';
import { Card, Form, Input, Space, Spin, type TableColumnsType, Tag, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeptTree } from '../../../../platform/resources/system-dept';
import { useSessionStore } from '../../../../platform/stores/session-store';
import {
  CrudTable,
  ExportButton,
  formatTime,
  SearchForm,
  StatusFilter,
  StatusSwitch,
  useCan,
  useConfirm,
  useEditDialog,
  useListState,
} from '../../../../ui/crud';
import { filtersToRange, type RangeValue, rangeToFilters, TimeRange } from '../../../../ui/crud/TimeRange';
import { userAdminApi, useUserMutation, useUserPage } from '../user.api';
import { ResetPasswordResult } from './ResetPasswordResult';
import { UserDialog } from './UserDialog';

/** The search row's filters, and the customer picked in the tree (`customerId`): all in the URL. */
type Filters = Pick<
  UserPageQuery,
  'customerId' | 'username' | 'nickName' | 'phone' | 'enabled' | 'createdFrom' | 'createdTo'
>;
/** The search row: its two time filters as one picker. */
type FormValues = Omit<Filters, 'customerId' | 'createdFrom' | 'createdTo'> & { created?: RangeValue };
const CREATED = { from: 'createdFrom', to: 'createdTo' } as const;

interface TreeItem {
  key: number;
  title: string;
  children: TreeItem[];
}
const toTree = (nodes: DeptNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, children: toTree(n.children) }));

/** Users of the customers in the caller's scope; the tree narrows the list to one subtree. */
export function UserListPage() {
  const { t } = useTranslation(['system-user', 'crud']);
  const can = useCan();
  const me = useSessionStore((s) => s.user?.id);
  const tree = useDeptTree();
  const list = useListState<Filters, (typeof USER_SORT_FIELDS)[number]>(USER_SORT_FIELDS, 10, {
    schema: userPageQuerySchema,
  });
  const { customerId, createdFrom: _from, createdTo: _to, ...fields } = list.filters;
  const created = filtersToRange(list.filters, CREATED);
  const shown: FormValues = { ...fields, ...(created ? { created } : {}) };
  const query = useUserPage(list.request);
  const remove = useUserMutation((ids: number[]) => userAdminApi.remove(ids));
  const status = useUserMutation((v: { id: number; enabled: boolean }) => userAdminApi.setEnabled(v.id, v.enabled));
  const reset = useUserMutation((id: number) => userAdminApi.resetPassword(id));
  const confirm = useConfirm();
  const dialog = useEditDialog<AdminUser>();
  const [resetResult, setResetResult] = useState<{ username: string; password: string } | null>(null);

  const protectedRow = (r: AdminUser) => r.builtin || r.id === me;
  const confirmReset = (r: AdminUser) =>
    confirm({
      title: t('reset.title'),
      content: t('reset.confirm', { name: r.username }),
      okTestId: 'confirm-reset',
      danger: false,
      run: async () => {
        const { password } = await reset.mutateAsync(r.id);
        setResetResult({ username: r.username, password });
      },
    });

  /** The search row's values keep the customer picked in the tree, and the other way round. */
  const search = ({ created: range, ...rest }: FormValues) =>
    list.setFilters({ ...rest, ...rangeToFilters(range, CREATED), ...(customerId ? { customerId } : {}) });
  const pickCustomer = (id: number | undefined) => {
    const { customerId: _picked, ...rest } = list.filters;
    list.setFilters(id ? { ...rest, customerId: id } : rest);
  };

  const columns: TableColumnsType<AdminUser> = [
    { title: t('fields.username'), dataIndex: 'username', ...list.sortable('username') },
    { title: t('fields.nickName'), dataIndex: 'nickName', ...list.sortable('nickName') },
    { title: t('fields.customer'), dataIndex: 'customerName' },
    { title: t('fields.phone'), dataIndex: 'phone', render: (v) => v ?? '—' },
    {
      title: t('fields.roles'),
      dataIndex: 'roles',
      render: (roles: AdminUser['roles']) => (
        <Space size={[0, 4]} wrap>
          {roles.map((r) => (
            <Tag key={r.id}>{r.name}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('crud:status'),
      dataIndex: 'enabled',
      render: (enabled: boolean, r) => (
        <StatusSwitch
          checked={enabled}
          permission={PERMISSIONS.user.edit}
          disabled={protectedRow(r)}
          onChange={(next) => status.mutateAsync({ id: r.id, enabled: next })}
          testId={`status-${r.username}`}
        />
      ),
    },
    { title: t('crud:createdAt'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: formatTime },
  ];

  return (
    <div className="crud-split">
      <Card size="small" title={t('treeTitle')} data-testid="user-tree">
        {tree.isLoading ? (
          <Spin />
        ) : (
          <Tree<TreeItem>
            blockNode
            defaultExpandAll
            treeData={toTree(tree.data ?? [])}
            selectedKeys={customerId ? [customerId] : []}
            onSelect={(keys) => pickCustomer(keys[0] === undefined ? undefined : Number(keys[0]))}
          />
        )}
      </Card>
      <CrudTable<AdminUser>
        testId="user-page"
        list={list}
        query={query}
        permissions={PERMISSIONS.user}
        search={
          <SearchForm<FormValues> values={shown} onSearch={search}>
            <Form.Item name="username" label={t('fields.username')}>
              <Input allowClear maxLength={64} data-testid="filter-username" />
            </Form.Item>
            <Form.Item name="nickName" label={t('fields.nickName')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <Form.Item name="phone" label={t('fields.phone')}>
              <Input allowClear maxLength={32} />
            </Form.Item>
            <StatusFilter />
            <Form.Item name="created" label={t('crud:createdAt')}>
              <TimeRange />
            </Form.Item>
          </SearchForm>
        }
        columns={columns}
        rowName={(r) => r.username}
        canDelete={(r) => !protectedRow(r)}
        rowActions={(r) => [
          {
            key: 'reset',
            label: t('reset.button'),
            icon: <KeyOutlined />,
            onClick: () => confirmReset(r),
            permission: PERMISSIONS.user.resetPwd,
          },
        ]}
        onCreate={dialog.create}
        onEdit={dialog.edit}
        onDelete={remove.mutateAsync}
        extra={can(PERMISSIONS.user.export) && <ExportButton run={() => userAdminApi.exportXlsx(list.filters)} />}
      />
      <UserDialog {...dialog.props} {...(customerId ? { customerId } : {})} />
      <ResetPasswordResult result={resetResult} onClose={() => setResetResult(null)} />
    </div>
  );
}
