import type { Language, PermissionNode, Role } from '@agent-console/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ButtonProps, Modal, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/api/feedback';
import { usePermissionTree } from '../../../platform/resources/system-menu';
import { roleApi, useRoleMutation } from '../../../platform/resources/system-role';

interface TreeItem {
  key: number;
  title: string;
  children: TreeItem[];
}

function toTree(nodes: PermissionNode[], lang: Language): TreeItem[] {
  return nodes.map((n) => ({
    key: n.id,
    // Titles are data: React renders them as text, never as HTML.
    title: `${n.titles[lang] || n.titles.en}${n.permission ? `  (${n.permission})` : ''}`,
    children: toTree(n.children, lang),
  }));
}

function linksOf(nodes: PermissionNode[]) {
  const parent = new Map<number, number>();
  const children = new Map<number, number[]>();
  const walk = (ns: PermissionNode[], up?: number) => {
    for (const n of ns) {
      if (up !== undefined) parent.set(n.id, up);
      children.set(
        n.id,
        n.children.map((c) => c.id),
      );
      walk(n.children, n.id);
    }
  };
  walk(nodes);
  return { parent, children };
}

/** Which menus and buttons a role grants. */
export function PermissionDialog({ role, onClose }: { role: Role | null; onClose(): void }) {
  const { t, i18n } = useTranslation(['system-role', 'crud']);
  const tree = usePermissionTree(!!role);
  const detail = useQuery({
    queryKey: ['system', 'role', 'info', role?.id],
    queryFn: () => roleApi.info(role?.id ?? 0),
    enabled: !!role,
    staleTime: 0,
  });
  const [checked, setChecked] = useState<number[]>([]);
  const save = useRoleMutation((menuIds: number[]) => roleApi.updatePermissions(role?.id ?? 0, menuIds));
  const links = useMemo(() => linksOf(tree.data ?? []), [tree.data]);

  useEffect(() => {
    if (detail.data) setChecked(detail.data.menuIds);
  }, [detail.data]);

  // Checking a button also checks its menu and directories (so the page shows); unchecking a
  // menu also unchecks what is under it. Each node is otherwise independent.
  const toggle = (id: number, on: boolean) => {
    const next = new Set(checked);
    if (on) {
      for (let cur: number | undefined = id; cur !== undefined; cur = links.parent.get(cur)) next.add(cur);
    } else {
      const drop = (n: number) => {
        next.delete(n);
        for (const c of links.children.get(n) ?? []) drop(c);
      };
      drop(id);
    }
    setChecked([...next]);
  };

  return (
    <Modal
      open={!!role}
      title={t('permissions.title', { name: role?.name ?? '' })}
      onCancel={onClose}
      okText={t('crud:save')}
      cancelText={t('crud:cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'permissions-ok' } as ButtonProps}
      onOk={async () => {
        await save.mutateAsync(checked);
        feedback.success(t('crud:saved'));
        onClose();
      }}
      destroyOnHidden
      width={560}
    >
      {tree.isLoading || detail.isLoading ? (
        <Spin />
      ) : (
        <div data-testid="permission-tree" style={{ maxHeight: '60vh', overflow: 'auto' }}>
          <Tree<TreeItem>
            checkable
            checkStrictly
            treeData={toTree(tree.data ?? [], i18n.language as Language)}
            checkedKeys={{ checked, halfChecked: [] }}
            onCheck={(_keys, info) => toggle(Number(info.node.key), info.checked)}
          />
        </div>
      )}
    </Modal>
  );
}
