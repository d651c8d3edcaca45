import {
  DEPT_PERMISSIONS,
  DEPT_SORT_FIELDS,
  type Dept,
  type DeptNode,
  deptPageQuerySchema,
  USER_PERMISSIONS,
} from '@agent-console/contracts';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptApi, useDeptMutation, useDeptPage, useDeptTree } from '../../../platform/resources/system-dept';
import { CrudTable, ListTree, SearchForm, StatusFilter, TextFilter, useCan, useCrudList } from '../../../ui/crud';
import { DeptDialog } from './DeptDialog';
import { InvitationDialog } from './InvitationDialog';

/** Customers: the tree on the left narrows the list on the right to one subtree. */
export default function DeptPage() {
  const { t } = useTranslation(['system-dept', 'crud']);
  const can = useCan();
  const tree = useDeptTree();
  // The customer picked in the tree (`parentId`) is a filter too, in the URL with the others.
  const { list, query, table, column } = useCrudList({
    usePage: useDeptPage,
    sortable: DEPT_SORT_FIELDS,
    schema: deptPageQuerySchema,
    remove: useDeptMutation((ids: number[]) => Promise.all(ids.map((id) => deptApi.remove(id)))),
    permissions: DEPT_PERMISSIONS,
  });
  const { parentId, ...searched } = list.filters;
  const [dialog, setDialog] = useState<{ open: boolean; dept: Dept | null; parentId?: number }>({
    open: false,
    dept: null,
  });
  const [invitation, setInvitation] = useState<Dept | null>(null);
  const names = new Map((query.data?.list ?? []).map((d) => [d.id, d.name]));

  const columns: TableColumnsType<Dept> = [
    column.sortable('name', t('fields.name')),
    {
      title: t('fields.parent'),
      dataIndex: 'parentId',
      render: (id: number | null) => (id === null ? '—' : (names.get(id) ?? findName(tree.data ?? [], id) ?? id)),
    },
    { title: t('fields.leader'), dataIndex: 'leader', render: (v) => v ?? '—' },
    { title: t('fields.phone'), dataIndex: 'phone', render: (v) => v ?? '—' },
    { title: t('fields.userCount'), dataIndex: 'userCount' },
    column.sort(),
    column.status(),
    column.createdAt(),
  ];

  return (
    <div className="crud-split">
      <ListTree
        title={t('treeTitle')}
        testId="dept-tree"
        nodes={tree.data}
        loading={tree.isLoading}
        label={(n) => n.name}
        selected={parentId}
        onSelect={(id) => list.setFilters({ ...searched, ...(id ? { parentId: id } : {}) })}
      />
      <CrudTable<Dept>
        testId="dept-page"
        {...table}
        search={
          <SearchForm
            values={searched}
            onSearch={(values) => list.setFilters({ ...values, ...(parentId ? { parentId } : {}) })}
          >
            <TextFilter name="name" label={t('fields.name')} />
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
            permission: DEPT_PERMISSIONS.add,
          },
          {
            key: 'invitation',
            label: t('invitation.button'),
            icon: <KeyOutlined />,
            onClick: () => setInvitation(r),
            permission: DEPT_PERMISSIONS.edit,
          },
        ]}
        onCreate={() => setDialog({ open: true, dept: null, ...(parentId ? { parentId } : {}) })}
        onEdit={(r) => setDialog({ open: true, dept: r })}
        canDelete={(r) => r.parentId !== null}
        batch={false}
        onRefresh={() => void Promise.all([query.refetch(), tree.refetch()])}
      />
      <DeptDialog
        open={dialog.open}
        dept={dialog.dept}
        {...(dialog.parentId ? { parentId: dialog.parentId } : {})}
        canPickRole={can(USER_PERMISSIONS.list)}
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
