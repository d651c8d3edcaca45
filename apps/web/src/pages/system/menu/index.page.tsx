import { type Language, type MenuNode, PERMISSIONS } from '@agent-console/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MenuTreeFilter, menuAdminApi, useMenuMutation, useMenuTree } from '../../../api/system-menu';
import { CrudTable, RowActions, SearchForm, StatusTag, useCan, useConfirmDelete } from '../../../components/crud';
import { MenuDialog } from './MenuDialog';

const TYPE_COLORS = { directory: 'blue', menu: 'green', button: 'default' } as const;

/** Rows of antd's tree table: leaves must not carry an empty children array (no expand icon). */
type Row = Omit<MenuNode, 'children'> & { children?: Row[] };
const toRows = (nodes: MenuNode[]): Row[] =>
  nodes.map(({ children, ...n }) => (children.length ? { ...n, children: toRows(children) } : n));

/** Menus, directories and buttons as a tree table; filtering keeps the path to each match. */
export default function MenuPage() {
  const { t, i18n } = useTranslation(['system-menu', 'crud']);
  const lang = i18n.language as Language;
  const can = useCan();
  const [filter, setFilter] = useState<MenuTreeFilter>({});
  const tree = useMenuTree(filter);
  const fullTree = useMenuTree({});
  const remove = useMenuMutation((id: number) => menuAdminApi.remove(id));
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<MenuTreeFilter>();
  const [dialog, setDialog] = useState<{ open: boolean; menu: MenuNode | null; parentId?: number }>({
    open: false,
    menu: null,
  });
  const title = (m: Pick<MenuNode, 'titles'>) => m.titles[lang] || m.titles.en;

  const columns: TableColumnsType<Row> = [
    {
      title: t('fields.titleColumn'),
      key: 'title',
      // Menu titles are data typed by administrators: rendered as text, never as HTML.
      render: (_, r) => <span data-testid={`menu-title-${r.name}`}>{title(r)}</span>,
      sorter: (a, b) => title(a).localeCompare(title(b)),
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      render: (v: Row['type']) => <Tag color={TYPE_COLORS[v]}>{t(`types.${v}`)}</Tag>,
    },
    { title: t('fields.name'), dataIndex: 'name' },
    { title: t('crud:sort'), dataIndex: 'sort', sorter: (a, b) => a.sort - b.sort },
    {
      title: t('fields.permission'),
      dataIndex: 'permission',
      render: (v: string | null) => (v ? <code>{v}</code> : '—'),
    },
    {
      title: t('fields.path'),
      dataIndex: 'path',
      render: (v: string | null, r) => (v ? `${v}${r.external ? ' ↗' : ''}` : '—'),
    },
    { title: t('fields.component'), dataIndex: 'component', render: (v: string | null) => v ?? '—' },
    { title: t('fields.hidden'), dataIndex: 'hidden', render: (v: boolean) => (v ? t('crud:yes') : t('crud:no')) },
    { title: t('crud:status'), dataIndex: 'enabled', render: (v: boolean) => <StatusTag enabled={v} /> },
    {
      title: t('crud:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          name={r.name}
          {...(can(PERMISSIONS.menu.edit)
            ? { onEdit: () => setDialog({ open: true, menu: { ...r, children: [] } }) }
            : {})}
          {...(can(PERMISSIONS.menu.remove)
            ? { onDelete: () => void confirmDelete([title(r)], () => remove.mutateAsync(r.id)) }
            : {})}
        >
          {can(PERMISSIONS.menu.add) && r.type !== 'button' && (
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ open: true, menu: null, parentId: r.id })}
              data-testid={`add-child-${r.name}`}
            >
              {t('addChild')}
            </Button>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <CrudTable<Row>
        testId="menu-page"
        search={
          <SearchForm<MenuTreeFilter> form={form} onSearch={setFilter}>
            <Form.Item name="title" label={t('fields.titleColumn')}>
              <Input allowClear maxLength={100} data-testid="filter-title" />
            </Form.Item>
            <Form.Item name="enabled" label={t('crud:status')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: 'true', label: t('crud:enabled') },
                  { value: 'false', label: t('crud:disabled') },
                ]}
              />
            </Form.Item>
          </SearchForm>
        }
        {...(can(PERMISSIONS.menu.add) ? { onCreate: () => setDialog({ open: true, menu: null }) } : {})}
        onRefresh={() => void tree.refetch()}
        columns={columns}
        dataSource={toRows(tree.data ?? [])}
        loading={tree.isFetching}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (n) => t('crud:total', { count: n }) }}
        // A search opens the tree down to every match (the key remounts the table per search).
        expandable={{ defaultExpandAllRows: !!(filter.title || filter.enabled) }}
        key={JSON.stringify(filter)}
      />
      <MenuDialog
        open={dialog.open}
        menu={dialog.menu}
        {...(dialog.parentId ? { parentId: dialog.parentId } : {})}
        tree={fullTree.data ?? []}
        onClose={() => setDialog({ open: false, menu: null })}
      />
    </>
  );
}
