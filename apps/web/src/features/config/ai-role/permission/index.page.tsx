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
import { useTranslation } from 'react-i18next';
import { CrudTable, formatTime, SearchForm, StatusTag, useEditDialog, useListState } from '../../../../ui/crud';
import { permissionApi, usePermissionMenuTree, usePermissionMutation, usePermissionPage } from '../permission.api';
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
  const tree = usePermissionMenuTree();
  const list = useListState<Filters, (typeof PERMISSION_SORT_FIELDS)[number]>(PERMISSION_SORT_FIELDS, 10, {
    schema: LIST_QUERY,
  });
  const { menuId, ...searched } = list.filters;
  const { menuId: _path, ...body } = list.request;
  const query = usePermissionPage(menuId, body);
  const remove = usePermissionMutation((ids: number[]) => Promise.all(ids.map((id) => permissionApi.remove(id))));
  const [form] = Form.useForm<SearchValues>();
  const dialog = useEditDialog<Permission>();

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
          list={list}
          query={query}
          permissions={PERMISSIONS.menu}
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
          columns={columns}
          rowName={(r) => r.permission}
          onCreate={dialog.create}
          onEdit={dialog.edit}
          onDelete={remove.mutateAsync}
          batch={false}
        />
      ) : (
        <Card data-testid="permission-page">
          <Empty description={t('pickMenu')} />
        </Card>
      )}
      {menuId && <PermissionDialog {...dialog.props} menuId={menuId} />}
    </div>
  );
}
