import {
  DEPT_SORT_FIELDS,
  type Dept,
  type DeptNode,
  type DeptPageQuery,
  deptPageQuerySchema,
  PERMISSIONS,
} from '@agent-console/contracts';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Card, Form, Input, Spin, type TableColumnsType, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptApi, useDeptMutation, useDeptPage, useDeptTree } from '../../../platform/resources/system-dept';
import { CrudTable, formatTime, SearchForm, StatusFilter, StatusTag, useCan, useListState } from '../../../ui/crud';
import { DeptDialog } from './DeptDialog';
import { InvitationDialog } from './InvitationDialog';

/** The search row's filters, and the customer picked in the tree (`parentId`): all in the URL. */
type Filters = Pick<DeptPageQuery, 'name' | 'enabled' | 'parentId'>;
type SearchValues = Omit<Filters, 'parentId'>;

interface TreeItem {
  key: number;
  title: string;
  children: TreeItem[];
}
const toTree = (nodes: DeptNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, children: toTree(n.children) }));

/** Customers: the tree on the left narrows the list on the right to one subtree. */
export default function DeptPage() {
  const { t } = useTranslation(['system-dept', 'crud']);
  const can = useCan();
  const tree = useDeptTree();
  const list = useListState<Filters, (typeof DEPT_SORT_FIELDS)[number]>(DEPT_SORT_FIELDS, 10, {
    schema: deptPageQuerySchema,
  });
  const { parentId, ...searched } = list.filters;
  const query = useDeptPage(list.request);
  const remove = useDeptMutation((ids: number[]) => Promise.all(ids.map((id) => deptApi.remove(id))));
  const [dialog, setDialog] = useState<{ open: boolean; dept: Dept | null; parentId?: number }>({
    open: false,
    dept: null,
  });
  const [invitation, setInvitation] = useState<Dept | null>(null);
  const names = new Map((query.data?.list ?? []).map((d) => [d.id, d.name]));

  const columns: TableColumnsType<Dept> = [
    { title: t('fields.name'), dataIndex: 'name', ...list.sortable('name') },
    {
      title: t('fields.parent'),
      dataIndex: 'parentId',
      render: (id: number | null) => (id === null ? '—' : (names.get(id) ?? findName(tree.data ?? [], id) ?? id)),
    },
    { title: t('fields.leader'), dataIndex: 'leader', render: (v) => v ?? '—' },
    { title: t('fields.phone'), dataIndex: 'phone', render: (v) => v ?? '—' },
    { title: t('fields.userCount'), dataIndex: 'userCount' },
    { title: t('crud:sort'), dataIndex: 'sort', ...list.sortable('sort') },
    { title: t('crud:status'), dataIndex: 'enabled', render: (v: boolean) => <StatusTag enabled={v} /> },
    { title: t('crud:createdAt'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: formatTime },
  ];

  return (
    <div className="crud-split">
      <Card size="small" title={t('treeTitle')} data-testid="dept-tree">
        {tree.isLoading ? (
          <Spin />
        ) : (
          <Tree<TreeItem>
            blockNode
            defaultExpandAll
            treeData={toTree(tree.data ?? [])}
            selectedKeys={parentId ? [parentId] : []}
            onSelect={(keys) =>
              list.setFilters({ ...searched, ...(keys[0] === undefined ? {} : { parentId: Number(keys[0]) }) })
            }
          />
        )}
      </Card>
      <CrudTable<Dept>
        testId="dept-page"
        list={list}
        query={query}
        permissions={PERMISSIONS.dept}
        search={
          <SearchForm<SearchValues>
            values={searched}
            onSearch={(values) => list.setFilters({ ...values, ...(parentId ? { parentId } : {}) })}
          >
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear maxLength={64} data-testid="filter-name" />
            </Form.Item>
            <StatusFilter />
          </SearchForm>
        }
        columns={columns}
        rowName={(r) => r.name}
        rowActions={(r) => [
          {
            key: 'add-child',
            label: t('addChild'),
            icon: <PlusOutlined />,
            onClick: () => setDialog({ open: true, dept: null, parentId: r.id }),
            permission: PERMISSIONS.dept.add,
          },
          {
            key: 'invitation',
            label: t('invitation.button'),
            icon: <KeyOutlined />,
            onClick: () => setInvitation(r),
            permission: PERMISSIONS.dept.edit,
          },
        ]}
        onCreate={() => setDialog({ open: true, dept: null, ...(parentId ? { parentId } : {}) })}
        onEdit={(r) => setDialog({ open: true, dept: r })}
        onDelete={remove.mutateAsync}
        canDelete={(r) => r.parentId !== null}
        batch={false}
        onRefresh={() => void Promise.all([query.refetch(), tree.refetch()])}
      />
      <DeptDialog
        open={dialog.open}
        dept={dialog.dept}
        {...(dialog.parentId ? { parentId: dialog.parentId } : {})}
        canPickRole={can(PERMISSIONS.user.list)}
        onClose={() => setDialog({ open: false, dept: null })}
      />
      <InvitationDialog dept={invitation} onClose={() => setInvitation(null)} />
    </div>
  );
}

function findName(nodes: DeptNode[], id: number): string | undefined {
  for (const n of nodes) {
    if (n.id === id) return n.name;
    const hit = findName(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}
