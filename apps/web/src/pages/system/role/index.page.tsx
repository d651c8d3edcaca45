import {
  PERMISSIONS,
  ROLE_SORT_FIELDS,
  type Role,
  type RolePageQuery,
  rolePageQuerySchema,
} from '@agent-console/contracts';
import { SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleApi, useRoleMutation, useRolePage } from '../../../api/system-role';
import {
  CrudTable,
  formatTime,
  RowActions,
  SearchForm,
  StatusTag,
  useCan,
  useConfirmDelete,
  useListState,
} from '../../../components/crud';
import { PermissionDialog } from './PermissionDialog';
import { RoleDialog } from './RoleDialog';

type Filters = Pick<RolePageQuery, 'name' | 'key' | 'enabled'>;

/** Roles ("user permission assignment"): data scope and the menus and buttons each grants. */
export default function RolePage() {
  const { t } = useTranslation(['system-role', 'crud']);
  const can = useCan();
  const list = useListState<Filters, (typeof ROLE_SORT_FIELDS)[number]>(ROLE_SORT_FIELDS, 10, {
    schema: rolePageQuerySchema,
  });
  const query = useRolePage(list.request);
  const remove = useRoleMutation((ids: number[]) => roleApi.remove(ids));
  const confirmDelete = useConfirmDelete();
  const [dialog, setDialog] = useState<{ open: boolean; role: Role | null }>({ open: false, role: null });
  const [permissions, setPermissions] = useState<Role | null>(null);

  const del = (rows: Role[]) =>
    confirmDelete(
      rows.map((r) => r.name),
      () => remove.mutateAsync(rows.map((r) => r.id)),
    );

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
    {
      title: t('crud:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          name={r.key}
          {...(can(PERMISSIONS.role.edit) ? { onEdit: () => setDialog({ open: true, role: r }) } : {})}
          {...(can(PERMISSIONS.role.remove) && !r.builtin ? { onDelete: () => void del([r]) } : {})}
        >
          {can(PERMISSIONS.role.edit) && r.key !== 'super_admin' && (
            <Button
              type="link"
              size="small"
              icon={<SafetyOutlined />}
              onClick={() => setPermissions(r)}
              data-testid={`permissions-${r.key}`}
            >
              {t('permissions.button')}
            </Button>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <CrudTable<Role>
        testId="role-page"
        search={
          <SearchForm list={list}>
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear maxLength={64} data-testid="filter-name" />
            </Form.Item>
            <Form.Item name="key" label={t('fields.key')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <Form.Item name="enabled" label={t('crud:status')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: true, label: t('crud:enabled') },
                  { value: false, label: t('crud:disabled') },
                ]}
              />
            </Form.Item>
          </SearchForm>
        }
        {...(can(PERMISSIONS.role.add) ? { onCreate: () => setDialog({ open: true, role: null }) } : {})}
        {...(can(PERMISSIONS.role.remove) ? { onBatchDelete: del } : {})}
        onRefresh={() => void query.refetch()}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onChange}
      />
      <RoleDialog open={dialog.open} role={dialog.role} onClose={() => setDialog({ open: false, role: null })} />
      <PermissionDialog role={permissions} onClose={() => setPermissions(null)} />
    </>
  );
}
