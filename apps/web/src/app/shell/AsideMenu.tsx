import type { MenuRoute } from '@agent-console/contracts';
import { HomeOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { normalizePath } from '../../platform/navigation/static-routes';
import { useMenuStore } from '../../platform/stores/menu-store';
import { HOME_PATH } from '../../platform/stores/tabs-store';
import { menuIcon } from './menu-icons';
import { useMenuSelect } from './menu-select';

type Item = Required<MenuProps>['items'][number];

const keyOf = (node: MenuRoute) => `menu-${node.id}`;

/** Ancestors (directory keys) of the entry whose path is `path`. */
function ancestorKeys(nodes: MenuRoute[], path: string, trail: string[] = []): string[] | null {
  for (const n of nodes) {
    if (n.path && normalizePath(n.path) === path && n.type === 'menu') return trail;
    const found = ancestorKeys(n.children, path, [...trail, keyOf(n)]);
    if (found) return found;
  }
  return null;
}

interface Props {
  collapsed: boolean;
  focusKey: string | null;
  /** Called once an entry (not a directory) is chosen: the phone's drawer closes then. */
  onNavigate?: () => void;
}

/** The side menu from the server's current-menu tree (hidden entries left out). */
export function AsideMenu({ collapsed, focusKey, onNavigate }: Props) {
  const { t } = useTranslation();
  const tree = useMenuStore((s) => s.tree);
  const select = useMenuSelect();
  const { pathname } = useLocation();
  const path = normalizePath(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(tree, path) ?? []);

  const byKey = useMemo(() => {
    const map = new Map<string, MenuRoute>();
    const walk = (nodes: MenuRoute[]) => {
      for (const n of nodes) {
        map.set(keyOf(n), n);
        walk(n.children);
      }
    };
    walk(tree);
    return map;
  }, [tree]);

  const items = useMemo<Item[]>(() => {
    const build = (nodes: MenuRoute[]): Item[] =>
      nodes
        .filter((n) => !n.hidden)
        .map((n) => {
          const label = (
            <span
              key={n.id}
              className={n.type === 'directory' ? 'aside-label aside-label-directory' : 'aside-label'}
              title={n.meta.title}
              data-testid={`menu-${n.name}`}
            >
              {n.meta.title}
            </span>
          );
          if (n.type === 'directory') {
            return { key: keyOf(n), icon: menuIcon(n.meta.icon), label, children: build(n.children) };
          }
          return { key: keyOf(n), icon: menuIcon(n.meta.icon), label };
        });
    return [
      { key: HOME_PATH, icon: <HomeOutlined />, label: <span data-testid="menu-home">{t('routes.home')}</span> },
      ...build(tree),
    ];
  }, [tree, t]);

  // Navigating elsewhere (tabs, search) opens the directories above the new page.
  useEffect(() => {
    const keys = ancestorKeys(tree, path);
    if (keys?.length) setOpenKeys((open) => [...new Set([...open, ...keys])]);
  }, [tree, path]);

  // The header menu asks to show one directory (`key#time`, so asking twice works twice).
  useEffect(() => {
    const key = focusKey?.split('#')[0];
    if (!key) return;
    setOpenKeys((open) => (open.includes(key) ? open : [...open, key]));
  }, [focusKey]);

  const selected = useMemo(() => {
    if (path === HOME_PATH) return [HOME_PATH];
    for (const [key, node] of byKey) if (node.path && normalizePath(node.path) === path) return [key];
    return [];
  }, [byKey, path]);

  return (
    <Menu
      mode="inline"
      className="aside-menu"
      data-testid="aside-menu"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selected}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        select(key === HOME_PATH ? { path: HOME_PATH } : byKey.get(key));
        onNavigate?.();
      }}
    />
  );
}
