import {
  type AdminUser,
  USER_PERMISSIONS,
  USER_SORT_FIELDS,
  type UserPageQuery,
  userPageQuerySchema,
} from '@agent-console/contracts';
import { KeyOutlined } from '@ant-design/icons';
import { Form, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeptTree } from '../../../../platform/resources/system-dept';
import { useSessionStore } from '../../../../platform/stores/session-store';
import {
  CrudTable,
  ExportButton,
  ListTree,
  SearchForm,
  StatusFilter,
  TextFilter,
  useCan,
  useConfirm,
  useCrudList,
} from '../../../../ui/crud';
import { filtersToRange, type RangeValue, rangeToFilters, TimeRange } from '../../../../ui/crud/TimeRange';
import { userAdminApi, useUserMutation, useUserPage } from '../user.api';
import { ResetPasswordResult } from './ResetPasswordResult';
import { UserDialog } from './UserDialog';

/** The search row: the filters but the customer picked in the tree, the two time filters as one picker. */
type FormValues = Pick<UserPageQuery, 'username' | 'nickName' | 'phone' | 'enabled'> & { created?: RangeValue };
const CREATED = { from: 'createdFrom', to: 'createdTo' } as const;

/** Users of the customers in the caller's scope; the tree narrows the list to one subtree. */
export function UserListPage() {
  const { t } = useTranslation(['system-user', 'crud']);
  const can = useCan();
  const me = useSessionStore((s) => s.user?.id);
  const tree = useDeptTree();
  // The customer picked in the tree (`customerId`) is a filter too, in the URL with the others.
  const { list, table, column, dialog } = useCrudList({
    usePage: useUserPage,
    sortable: USER_SORT_FIELDS,
    schema: userPageQuerySchema,
    remove: useUserMutation(userAdminApi.remove),
    permissions: USER_PERMISSIONS,
    dialog: true,
  });
  const { customerId, createdFrom: _from, createdTo: _to, ...fields } = list.filters;
  const created = filtersToRange(list.filters, CREATED);
  const shown: FormValues = { ...fields, ...(created ? { created } : {}) };
  const status = useUserMutation((v: { id: number; enabled: boolean }) => userAdminApi.setEnabled(v.id, v.enabled));
  const reset = useUserMutation((id: number) => userAdminApi.resetPassword(id));
  const confirm = useConfirm();
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
    column.sortable('username', t('fields.username')),
    column.sortable('nickName', t('fields.nickName')),
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
    column.statusSwitch({
      permission: USER_PERMISSIONS.edit,
      disabled: protectedRow,
      onChange: (r, enabled) => status.mutateAsync({ id: r.id, enabled }),
      testId: (r) => `status-${r.username}`,
    }),
    column.createdAt(),
  ];

  return (
    <div className="crud-split">
      <ListTree
        title={t('treeTitle')}
        testId="user-tree"
        nodes={tree.data}
        loading={tree.isLoading}
        label={(n) => n.name}
        selected={customerId}
        onSelect={pickCustomer}
      />
      <CrudTable<AdminUser>
        testId="user-page"
        {...table}
        search={
          <SearchForm<FormValues> values={shown} onSearch={search}>
            <TextFilter name="username" label={t('fields.username')} />
            <TextFilter name="nickName" label={t('fields.nickName')} />
            <TextFilter name="phone" label={t('fields.phone')} maxLength={32} />
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
            permission: USER_PERMISSIONS.resetPwd,
          },
        ]}
        extra={can(USER_PERMISSIONS.export) && <ExportButton run={() => userAdminApi.exportXlsx(list.filters)} />}
      />
      <UserDialog {...dialog.props} {...(customerId ? { customerId } : {})} />
      <ResetPasswordResult result={resetResult} onClose={() => setResetResult(null)} />
    </div>
  );
}
