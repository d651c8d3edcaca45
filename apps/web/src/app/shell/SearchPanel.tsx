import type { MenuRoute } from '@agent-console/contracts';
import { EnterOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, type InputRef, Modal } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { normalizePath } from '../../platform/navigation/static-routes';
import { menuLeaves, useMenuStore } from '../../platform/stores/menu-store';
import { fuzzyScore } from './fuzzy';
import { menuIcon } from './menu-icons';
import { useMenuSelect } from './menu-select';
import { otherNames } from './search-aliases';

/**
 * How well a screen matches: its title path first, then its route path, then its other names
 * (route name words and aliases). Aliases must contain the query as typed (fuzzy matching over
 * dozens of short words would find almost anything).
 */
function searchScore(query: string, label: string, route: MenuRoute): number {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const [nameWords, ...aliases] = otherNames(route.name);
  const aliasHit = aliases.some((alias) => alias.toLowerCase().includes(q));
  return Math.max(
    fuzzyScore(query, label),
    fuzzyScore(query, route.path ?? '') - 1,
    fuzzyScore(query, nameWords ?? '') - 2,
    aliasHit ? 500 : -1,
  );
}

/**
 * Search over the user's menu leaves by title path and route (ANCHORS §A): empty query lists all,
 * arrows move, Enter opens, esc closes; choosing the current page just closes.
 */
export function SearchPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const tree = useMenuStore((s) => s.tree);
  const select = useMenuSelect();
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const list = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ x: number; y: number } | null>(null);

  const results = useMemo(() => {
    const leaves = menuLeaves(tree).map((leaf) => ({ ...leaf, label: leaf.titlePath.join(' / ') }));
    if (!query.trim()) return leaves;
    return leaves
      .map((leaf) => ({ leaf, score: searchScore(query, leaf.label, leaf.route) }))
      .filter((r) => r.score >= 0)
      .sort((a, b) => b.score - a.score)
      .map((r) => r.leaf);
  }, [tree, query]);

  useEffect(() => {
    if (open) {
      setQuery('');
      setActive(0);
    }
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at the first hit
  useEffect(() => setActive(0), [query]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active index is the trigger
  useEffect(() => {
    list.current?.querySelector('[data-active="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const choose = (index: number) => {
    const hit = results[index];
    onClose();
    if (!hit) return;
    if (hit.route.path && normalizePath(hit.route.path) === normalizePath(pathname)) return;
    select(hit.route);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={600}
      style={{ top: 80 }}
      destroyOnHidden
      afterOpenChange={(visible) => visible && input.current?.focus()}
      className="search-panel"
      data-testid="search-panel"
    >
      <Input
        ref={input}
        size="large"
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={query}
        data-testid="search-input"
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => Math.min(i + 1, results.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            choose(active);
          } else if (e.key === 'Escape') {
            onClose();
          }
        }}
      />
      <div className="search-results" ref={list} role="listbox" data-testid="search-results">
        {results.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />}
        {results.map((hit, index) => (
          <div
            key={hit.route.id}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            data-active={index === active}
            data-testid="search-result"
            className={`search-result${index === active ? ' search-result-active' : ''}`}
            onMouseMove={(e) => {
              // Only a pointer that really moved takes the selection: a resting pointer that the list
              // scrolls under (arrow keys, typing) fires move events at the same spot.
              const at = { x: e.screenX, y: e.screenY };
              const last = pointer.current;
              pointer.current = at;
              if (last && last.x === at.x && last.y === at.y) return;
              if (last) setActive(index);
            }}
            onClick={() => choose(index)}
            onKeyDown={() => undefined}
          >
            <span className="search-result-icon">{menuIcon(hit.route.meta.icon)}</span>
            <span className="search-result-text">
              <span className="search-result-title">{hit.label}</span>
              <span className="search-result-path">{hit.route.path}</span>
            </span>
            {index === active && <EnterOutlined className="search-result-enter" />}
          </div>
        ))}
      </div>
      <div className="search-hint">{t('search.hint')}</div>
    </Modal>
  );
}
