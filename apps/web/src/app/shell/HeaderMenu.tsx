import type { MenuRoute } from '@agent-console/contracts';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { normalizePath } from '../../platform/navigation/static-routes';
import { useMenuStore } from '../../platform/stores/menu-store';
import { menuIcon } from './menu-icons';
import { useMenuSelect } from './menu-select';
import { throttle } from './throttle';

/** The header's scroll check runs at most every 300 ms while the window is resized (SPEC §9). */
export const HEADER_SCROLL_CHECK_MS = 300;

function containsPath(node: MenuRoute, path: string): boolean {
  if (node.path && normalizePath(node.path) === path) return true;
  return node.children.some((c) => containsPath(c, path));
}

/**
 * Top-level menu entries in the header. A directory opens its branch in the side menu; a page
 * follows the menu selection rule. Arrows appear when the entries overflow the header.
 */
export function HeaderMenu({ onFocusDirectory }: { onFocusDirectory(key: string): void }) {
  const { t } = useTranslation('shell');
  const tree = useMenuStore((s) => s.tree).filter((n) => !n.hidden);
  const select = useMenuSelect();
  const { pathname } = useLocation();
  const path = normalizePath(pathname);
  const box = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = throttle(() => {
      setOverflow({ left: el.scrollLeft > 0, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    }, HEADER_SCROLL_CHECK_MS);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    el.addEventListener('scroll', check);
    window.addEventListener('resize', check);
    return () => {
      check.cancel();
      observer.disconnect();
      el.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);

  const scrollBy = (dx: number) => box.current?.scrollBy({ left: dx, behavior: 'smooth' });

  return (
    <nav className="header-menu" aria-label={t('header.menu')} data-testid="header-menu">
      {overflow.left && (
        <button
          type="button"
          className="header-menu-arrow"
          onClick={() => scrollBy(-200)}
          aria-label={t('header.scrollLeft')}
        >
          <LeftOutlined />
        </button>
      )}
      <div className="header-menu-items" ref={box}>
        {tree.map((node) => (
          <button
            type="button"
            key={node.id}
            className={`header-menu-item${containsPath(node, path) ? ' header-menu-item-active' : ''}`}
            data-testid={`header-menu-${node.name}`}
            onClick={() => (node.type === 'directory' ? onFocusDirectory(`menu-${node.id}`) : select(node))}
          >
            {menuIcon(node.meta.icon)}
            <span>{node.meta.title}</span>
          </button>
        ))}
      </div>
      {overflow.right && (
        <button
          type="button"
          className="header-menu-arrow"
          onClick={() => scrollBy(200)}
          aria-label={t('header.scrollRight')}
        >
          <RightOutlined />
        </button>
      )}
    </nav>
  );
}
