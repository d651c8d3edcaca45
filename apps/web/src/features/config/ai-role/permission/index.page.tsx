import {
  idNumber,
  type Language,
  MENU_PERMISSIONS,
  PERMISSION_SORT_FIELDS,
  type Permission,
  type PermissionPageQuery,
  permissionPageQuerySchema,
} from '@agent-console/contracts';
import { Card, Empty, Form, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable, ListTree, SearchForm, TextFilter, useCrudList } from '../../../../ui/crud';
import { permissionApi, usePermissionMenuTree, usePermissionMutation, usePermissionPage } from '../permission.api';
import { PermissionDialog } from './PermissionDialog';

/**
 * The page query, and the picked page (`menuId`, the id in the call's path) so that a reload shows
 * the same page's buttons.
 */
const LIST_QUERY = { shape: { ...permissionPageQuerySchema.shape, menuId: idNumber() } };
type SearchValues = Pick<PermissionPageQuery, 'permission'>;

/** The buttons of the page picked in the tree (none asked for before one is). */
const usePickedPage = ({ menuId, ...query }: PermissionPageQuery & { menuId?: number }) =>
  usePermissionPage(menuId, query);

/** Permission config: pick a page on the left, manage its button permissions on the right. */
export default function PermissionConfigPage() {
  const { t, i18n } = useTranslation(['system-permission', 'crud']);
  const lang = i18n.language as Language;
  const tree = usePermissionMenuTree();
  const { list, table, column, dialog } = useCrudList({
    usePage: usePickedPage,
    sortable: PERMISSION_SORT_FIELDS,
    schema: LIST_QUERY,
    remove: usePermissionMutation((ids: number[]) => Promise.all(ids.map((id) => permissionApi.remove(id)))),
    permissions: MENU_PERMISSIONS,
    dialog: true,
  });
  const { menuId, ...searched } = list.filters;
  const [form] = Form.useForm<SearchValues>();

  const columns: TableColumnsType<Permission> = [
    column.sortable('permission', t('fields.code'), { render: (v: string) => <code>{v}</code> }),
    { title: t('fields.titleColumn'), dataIndex: 'title' },
    { title: t('fields.roleCount'), dataIndex: 'roleCount' },
    column.sort(),
    column.status(),
    column.createdAt(),
  ];

  return (
    <div className="crud-split">
      <ListTree
        title={t('treeTitle')}
        testId="permission-menu-tree"
        nodes={tree.data}
        loading={tree.isLoading}
        label={(n) => n.titles[lang] || n.titles.en}
        // Buttons hang under pages; directories only group them.
        selectable={(n) => n.type === 'menu'}
        selected={menuId}
        onSelect={(id) => {
          list.setFilters(id ? { menuId: id } : {});
          form.resetFields();
        }}
      />
      {menuId ? (
        <CrudTable<Permission>
          testId="permission-page"
          {...table}
          search={
            <SearchForm<SearchValues>
              form={form}
              values={searched}
              onSearch={(values) => list.setFilters({ ...values, menuId })}
            >
              <TextFilter name="permission" label={t('fields.code')} maxLength={100} />
            </SearchForm>
          }
          columns={columns}
          rowName={(r) => r.permission}
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
