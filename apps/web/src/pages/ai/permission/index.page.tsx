import {
  idNumber,
  type Language,
  PERMISSION_SORT_FIELDS,
  PERMISSIONS,
  type Permission,
  type PermissionNode,
  type PermissionPageQuery,
  permissionPageQuerySchema,
} from '@agent-console/contracts';
import { Card, Empty, Form, Input, Spin, type TableColumnsType, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  permissionApi,
  usePermissionMenuTree,
  usePermissionMutation,
  usePermissionPage,
} from '../../../api/system-permission';
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

/** The search row's filter, and the page picked in the tree: its buttons are the list. */
type Filters = Pick<PermissionPageQuery, 'permission'> & { menuId?: number };
type SearchValues = Omit<Filters, 'menuId'>;
/**
 * The page query, and the picked page (`menuId`, the id in the call's path) so that a reload shows
 * the same page's buttons.
 */
const LIST_QUERY = { shape: { ...permissionPageQuerySchema.shape, menuId: idNumber() } };

interface TreeItem {
  key: number;
  title: string;
  selectable: boolean;
  children: TreeItem[];
}
const toTree = (nodes: PermissionNode[], lang: Language): TreeItem[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.titles[lang] || n.titles.en,
    // Buttons hang under pages; directories only group them.
    selectable: n.type === 'menu',
    children: toTree(n.children, lang),
  }));

/** Permission config: pick a page on the left, manage its button permissions on the right. */
export default function PermissionConfigPage() {
  const { t, i18n } = useTranslation(['system-permission', 'crud']);
  const can = useCan();
  const tree = usePermissionMenuTree();
  const list = useListState<Filters, (typeof PERMISSION_SORT_FIELDS)[number]>(PERMISSION_SORT_FIELDS, 10, {
    schema: LIST_QUERY,
  });
  const { menuId, ...searched } = list.filters;
  const { menuId: _path, ...body } = list.request;
  const query = usePermissionPage(menuId, body);
  const remove = usePermissionMutation((id: number) => permissionApi.remove(id));
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<SearchValues>();
  const [dialog, setDialog] = useState<{ open: boolean; permission: Permission | null }>({
    open: false,
    permission: null,
  });

  const columns: TableColumnsType<Permission> = [
    {
      title: t('fields.code'),
      dataIndex: 'permission',
      ...list.sortable('permission'),
      render: (v: string) => <code>{v}</code>,
    },
    { title: t('fields.titleColumn'), dataIndex: 'title' },
    { title: t('fields.roleCount'), dataIndex: 'roleCount' },
    { title: t('crud:sort'), dataIndex: 'sort', ...list.sortable('sort') },
    { title: t('crud:status'), dataIndex: 'enabled', render: (v: boolean) => <StatusTag enabled={v} /> },
    { title: t('crud:createdAt'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: formatTime },
    {
      title: t('crud:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          name={r.permission}
          {...(can(PERMISSIONS.menu.edit) ? { onEdit: () => setDialog({ open: true, permission: r }) } : {})}
          {...(can(PERMISSIONS.menu.remove)
            ? { onDelete: () => void confirmDelete([r.permission], () => remove.mutateAsync(r.id)) }
            : {})}
        />
      ),
    },
  ];

  return (
    <div className="crud-split">
      <Card size="small" title={t('treeTitle')} data-testid="permission-menu-tree">
        {tree.isLoading ? (
          <Spin />
        ) : (
          <Tree<TreeItem>
            blockNode
            defaultExpandAll
            treeData={toTree(tree.data ?? [], i18n.language as Language)}
            selectedKeys={menuId ? [menuId] : []}
            onSelect={(keys) => {
              list.setFilters(keys[0] === undefined ? {} : { menuId: Number(keys[0]) });
              form.resetFields();
            }}
          />
        )}
      </Card>
      {menuId ? (
        <CrudTable<Permission>
          testId="permission-page"
          search={
            <SearchForm<SearchValues>
              form={form}
              values={searched}
              onSearch={(values) => list.setFilters({ ...values, menuId })}
            >
              <Form.Item name="permission" label={t('fields.code')}>
                <Input allowClear maxLength={100} data-testid="filter-permission" />
              </Form.Item>
            </SearchForm>
          }
          {...(can(PERMISSIONS.menu.add) ? { onCreate: () => setDialog({ open: true, permission: null }) } : {})}
          onRefresh={() => void query.refetch()}
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          pagination={list.pagination(query.data?.total)}
          onChange={list.onChange}
        />
      ) : (
        <Card data-testid="permission-page">
          <Empty description={t('pickMenu')} />
        </Card>
      )}
      {menuId && (
        <PermissionDialog
          open={dialog.open}
          menuId={menuId}
          permission={dialog.permission}
          onClose={() => setDialog({ open: false, permission: null })}
        />
      )}
    </div>
  );
}
