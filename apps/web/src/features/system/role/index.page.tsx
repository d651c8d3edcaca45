import {
  PERMISSIONS,
  ROLE_SORT_FIELDS,
  type Role,
  type RolePageQuery,
  rolePageQuerySchema,
} from '@agent-console/contracts';
import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleApi, useRoleMutation, useRolePage } from '../../../platform/resources/system-role';
import {
  CrudTable,
  formatTime,
  SearchForm,
  StatusFilter,
  StatusTag,
  useEditDialog,
  useListState,
} from '../../../ui/crud';
import { PermissionDialog } from './PermissionDialog';
import { RoleDialog } from './RoleDialog';

type Filters = Pick<RolePageQuery, 'name' | 'key' | 'enabled'>;

/** Roles ("user permission assignment"): data scope and the menus and buttons each grants. */
export default function RolePage() {
  const { t } = useTranslation(['system-role', 'crud']);
  const list = useListState<Filters, (typeof ROLE_SORT_FIELDS)[number]>(ROLE_SORT_FIELDS, 10, {
    schema: rolePageQuerySchema,
  });
  const query = useRolePage(list.request);
  const remove = useRoleMutation((ids: number[]) => roleApi.remove(ids));
  const dialog = useEditDialog<Role>();
  const [permissions, setPermissions] = useState<Role | null>(null);

  const columns: TableColumnsType<Role> = [
    { title: t('fields.name'), dataIndex: 'name', ...list.sortable('name') },
    {
      title: t('fields.key'),
      dataIndex: 'key',
      ...list.sortable('key'),
      render: (key: string, r) => (
        <>
          <code>{key}</code> {r.builtin && <Tag>{t('builtin')}</Tag>}
        </>
      ),
    },
    { title: t('fields.customer'), dataIndex: 'customerName', render: (v: string | null) => v ?? t('shared') },
    { title: t('fields.dataScope'), dataIndex: 'dataScope', render: (s: number) => t(`scopes.${s}`) },
    { title: t('fields.userCount'), dataIndex: 'userCount' },
    { title: t('crud:sort'), dataIndex: 'sort', ...list.sortable('sort') },
    { title: t('crud:status'), dataIndex: 'enabled', render: (v: boolean) => <StatusTag enabled={v} /> },
    { title: t('crud:createdAt'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: formatTime },
  ];

  return (
    <>
      <CrudTable<Role>
        testId="role-page"
        list={list}
        query={query}
        permissions={PERMISSIONS.role}
        search={
          <SearchForm list={list}>
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear maxLength={64} data-testid="filter-name" />
            </Form.Item>
            <Form.Item name="key" label={t('fields.key')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <StatusFilter />
          </SearchForm>
        }
        columns={columns}
        rowName={(r) => r.key}
        deleteName={(r) => r.name}
        canDelete={(r) => !r.builtin}
        rowActions={(r) => [
          r.key !== 'super_admin' && {
            key: 'permissions',
            label: t('permissions.button'),
            icon: <SafetyOutlined />,
            onClick: () => setPermissions(r),
            permission: PERMISSIONS.role.edit,
          },
        ]}
        onCreate={dialog.create}
        onEdit={dialog.edit}
        onDelete={remove.mutateAsync}
      />
      <RoleDialog {...dialog.props} />
      <PermissionDialog role={permissions} onClose={() => setPermissions(null)} />
    </>
  );
}
