import { ROLE_PERMISSIONS, ROLE_SORT_FIELDS, type Role, rolePageQuerySchema } from '@agent-console/contracts';
import { SafetyOutlined } from '@ant-design/icons';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleApi, useRoleMutation, useRolePage } from '../../../platform/resources/system-role';
import { CrudTable, SearchForm, StatusFilter, TextFilter, useCrudList } from '../../../ui/crud';
import { PermissionDialog } from './PermissionDialog';
import { RoleDialog } from './RoleDialog';

/** Roles ("user permission assignment"): data scope and the menus and buttons each grants. */
export default function RolePage() {
  const { t } = useTranslation(['system-role', 'crud']);
  const { list, table, column, dialog } = useCrudList({
    usePage: useRolePage,
    sortable: ROLE_SORT_FIELDS,
    schema: rolePageQuerySchema,
    remove: useRoleMutation(roleApi.remove),
    permissions: ROLE_PERMISSIONS,
    dialog: true,
  });
  const [permissions, setPermissions] = useState<Role | null>(null);

  const columns: TableColumnsType<Role> = [
    column.sortable('name', t('fields.name')),
    column.sortable('key', t('fields.key'), {
      render: (key: string, r) => (
        <>
          <code>{key}</code> {r.builtin && <Tag>{t('builtin')}</Tag>}
        </>
      ),
    }),
    { title: t('fields.customer'), dataIndex: 'customerName', render: (v: string | null) => v ?? t('shared') },
    { title: t('fields.dataScope'), dataIndex: 'dataScope', render: (s: number) => t(`scopes.${s}`) },
    { title: t('fields.userCount'), dataIndex: 'userCount' },
    column.sort(),
    column.status(),
    column.createdAt(),
  ];

  return (
    <>
      <CrudTable<Role>
        testId="role-page"
        {...table}
        search={
          <SearchForm list={list}>
            <TextFilter name="name" label={t('fields.name')} />
            <TextFilter name="key" label={t('fields.key')} />
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
            permission: ROLE_PERMISSIONS.edit,
          },
        ]}
      />
      <RoleDialog {...dialog.props} />
      <PermissionDialog role={permissions} onClose={() => setPermissions(null)} />
    </>
  );
}
