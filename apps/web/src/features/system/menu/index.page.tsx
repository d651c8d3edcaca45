import { type Language, MENU_PERMISSIONS, type MenuNode } from '@agent-console/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Select, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type MenuTreeFilter,
  menuAdminApi,
  useMenuMutation,
  useMenuTree,
} from '../../../platform/resources/system-menu';
import { CrudTable, RowActions, SearchForm, StatusTag, TextFilter, useCan, useConfirmDelete } from '../../../ui/crud';
import { MenuDialog } from './MenuDialog';

const TYPE_COLORS = { directory: 'blue', menu: 'green', button: 'default' } as const;

/** Text clipped by its cell (`ellipsis`), whole in a tooltip; a dash for none. */
const clipped = (text: string | null, code = false) =>
  text ? <Tooltip title={text}>{code ? <code>{text}</code> : <span>{text}</span>}</Tooltip> : '—';

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

  // Sized to fit a 1440 px screen with the side menu open, pinned actions included (issue 37): the
  // route name, component and "hidden" are offered by the column picker; codes and paths clip
  // with their whole text in a tooltip.
  const columns: TableColumnsType<Row> = [
    {
      title: t('fields.titleColumn'),
      key: 'title',
      width: 240,
      ellipsis: true,
      // Menu titles are data typed by administrators: rendered as text, never as HTML.
      render: (_, r) => <span data-testid={`menu-title-${r.name}`}>{title(r)}</span>,
      sorter: (a, b) => title(a).localeCompare(title(b)),
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      width: 90,
      render: (v: Row['type']) => <Tag color={TYPE_COLORS[v]}>{t(`types.${v}`)}</Tag>,
    },
    {
      title: t('columns.path'),
      dataIndex: 'path',
      width: 150,
      ellipsis: { showTitle: false },
      render: (v: string | null, r) => clipped(v ? `${v}${r.external ? ' ↗' : ''}` : null),
    },
    {
      title: t('columns.permission'),
      dataIndex: 'permission',
      width: 160,
      ellipsis: { showTitle: false },
      render: (v: string | null) => clipped(v, true),
    },
    { title: t('crud:sort'), dataIndex: 'sort', width: 80, sorter: (a, b) => a.sort - b.sort },
    { title: t('crud:status'), dataIndex: 'enabled', width: 90, render: (v: boolean) => <StatusTag enabled={v} /> },
    { title: t('fields.name'), dataIndex: 'name', width: 140, ellipsis: true, hidden: true },
    {
      title: t('fields.component'),
      dataIndex: 'component',
      width: 180,
      ellipsis: { showTitle: false },
      hidden: true,
      render: (v: string | null) => clipped(v),
    },
    {
      title: t('fields.hidden'),
      dataIndex: 'hidden',
      width: 80,
      hidden: true,
      render: (v: boolean) => (v ? t('crud:yes') : t('crud:no')),
    },
    {
      title: t('crud:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          name={r.name}
          {...(can(MENU_PERMISSIONS.edit)
            ? { onEdit: () => setDialog({ open: true, menu: { ...r, children: [] } }) }
            : {})}
          {...(can(MENU_PERMISSIONS.remove)
            ? { onDelete: () => void confirmDelete([title(r)], () => remove.mutateAsync(r.id)) }
            : {})}
        >
          {can(MENU_PERMISSIONS.add) && r.type !== 'button' && (
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
            <TextFilter name="title" label={t('fields.titleColumn')} maxLength={100} />
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
        {...(can(MENU_PERMISSIONS.add) ? { onCreate: () => setDialog({ open: true, menu: null }) } : {})}
        onRefresh={() => void tree.refetch()}
        columns={columns}
        dataSource={tree.data && toRows(tree.data)}
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
