import {
  CloseOutlined,
  DownOutlined,
  HomeOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { type DragEvent, type MouseEvent, memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useResolver, useRouteTitle } from '../../platform/navigation/resolve-route';
import { HOME_PATH, type OpenedTab, useTabsStore } from '../../platform/stores/tabs-store';
import { type TabAction, useTabActions } from './useTabActions';

/**
 * The multi-tab strip (SPEC §2, ANCHORS §A): click to switch, × or middle-click to close, a
 * context menu per tab, drag to reorder, wheel to scroll; home is first and never closable.
 * A switch re-renders only the two tabs whose state changed: the tabs are memoised and the
 * context menu is one for the strip, built for the tab that was right-clicked.
 */
export function TabsStrip() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;
  const opened = useTabsStore((s) => s.opened);
  const move = useTabsStore((s) => s.move);
  const act = useTabActions();
  const resolve = useResolver();
  const titleOf = useRouteTitle();
  const scroller = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ path: string | null; open: boolean }>({ path: null, open: false });

  // The active tab scrolls into view whenever it changes (or the strip changes under it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current path and tab count are triggers
  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>('[data-active="true"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current, opened.length]);

  const menuItems = (fullPath: string): MenuProps['items'] => {
    const index = opened.findIndex((o) => o.fullPath === fullPath);
    const home = fullPath === HOME_PATH;
    return [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('tabs.close'), disabled: home },
      { type: 'divider' },
      { key: 'closeLeft', icon: <VerticalRightOutlined />, label: t('tabs.closeLeft'), disabled: index <= 1 },
      {
        key: 'closeRight',
        icon: <VerticalLeftOutlined />,
        label: t('tabs.closeRight'),
        disabled: index === opened.length - 1,
      },
      { key: 'closeOthers', label: t('tabs.closeOthers'), disabled: opened.length <= (home ? 1 : 2) },
      { key: 'closeAll', label: t('tabs.closeAll'), disabled: opened.length <= 1 },
    ];
  };

  const onSelect = useCallback((fullPath: string) => navigate(fullPath), [navigate]);
  const onDragStart = useCallback((fullPath: string) => setDragging(fullPath), []);
  const onDragEnd = useCallback(() => setDragging(null), []);
  const onDrop = useCallback(
    (event: DragEvent, target: string) => {
      event.preventDefault();
      const from = dragging ?? event.dataTransfer.getData('text/plain');
      setDragging(null);
      if (from && from !== target) move(from, target);
    },
    [dragging, move],
  );

  // The right-clicked tab, found before the menu opens; elsewhere on the strip no menu opens.
  const onContextMenuCapture = (event: MouseEvent) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[data-testid="tab"]');
    setMenu({ path: tab?.dataset.path ?? null, open: false });
  };

  const currentTab = opened.find((o) => o.fullPath === current) ?? opened[0];

  return (
    <div className="tabs-strip" data-testid="tabs-strip">
      <Dropdown
        trigger={['contextMenu']}
        open={menu.open}
        onOpenChange={(open) => setMenu((m) => ({ ...m, open: open && m.path !== null }))}
        menu={{
          items: menu.path ? menuItems(menu.path) : [],
          onClick: ({ key }) => {
            setMenu((m) => ({ ...m, open: false }));
            if (menu.path) act(key as TabAction, menu.path);
          },
        }}
      >
        <div
          className="tabs-scroller"
          ref={scroller}
          role="tablist"
          onContextMenuCapture={onContextMenuCapture}
          onWheel={(e) => {
            if (scroller.current) scroller.current.scrollLeft += e.deltaY || e.deltaX;
          }}
        >
          {opened.map((tab) => (
            <Tab
              key={tab.fullPath}
              fullPath={tab.fullPath}
              title={titleOf(resolve(tab.path))}
              active={tab.fullPath === current}
              dragging={dragging === tab.fullPath}
              closeLabel={t('tabs.close')}
              onSelect={onSelect}
              act={act}
              onDragStart={onDragStart}
              onDragEnd={onDragEnd}
              onDrop={onDrop}
            />
          ))}
        </div>
      </Dropdown>
      {currentTab && (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: menuItems(currentTab.fullPath),
            onClick: ({ key }) => act(key as TabAction, currentTab.fullPath),
          }}
        >
          <button type="button" className="tabs-more" data-testid="tabs-more" aria-label={t('tabs.more')}>
            <DownOutlined />
          </button>
        </Dropdown>
      )}
    </div>
  );
}

interface TabProps {
  fullPath: OpenedTab['fullPath'];
  title: string;
  active: boolean;
  dragging: boolean;
  closeLabel: string;
  onSelect(fullPath: string): void;
  act(action: TabAction, fullPath: string): void;
  onDragStart(fullPath: string): void;
  onDragEnd(): void;
  onDrop(event: DragEvent, fullPath: string): void;
}

/** One tab; it re-renders only when its own title, state or handlers change. */
const Tab = memo(function Tab(props: TabProps) {
  const { fullPath, title, active, dragging, closeLabel, onSelect, act } = props;
  const home = fullPath === HOME_PATH;
  return (
    <div
      className={`tab${active ? ' tab-active' : ''}${dragging ? ' tab-dragging' : ''}`}
      role="tab"
      tabIndex={0}
      aria-selected={active}
      data-active={active}
      data-testid="tab"
      data-path={fullPath}
      title={fullPath}
      draggable={!home}
      onClick={() => {
        if (!active) onSelect(fullPath);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSelect(fullPath);
      }}
      onAuxClick={(e) => {
        // Middle-click closes, as in browsers.
        if (e.button === 1 && !home) {
          e.preventDefault();
          act('close', fullPath);
        }
      }}
      onMouseDown={(e) => {
        if (e.button === 1) e.preventDefault();
      }}
      onDragStart={(e) => {
        props.onDragStart(fullPath);
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', fullPath);
      }}
      onDragEnd={props.onDragEnd}
      onDragOver={(e) => {
        if (!home) e.preventDefault();
      }}
      onDrop={(e) => props.onDrop(e, fullPath)}
    >
      {home && <HomeOutlined className="tab-home" />}
      <span className="tab-title" data-testid="tab-title">
        {title}
      </span>
      {!home && (
        <CloseOutlined
          className="tab-close"
          data-testid="tab-close"
          aria-label={closeLabel}
          onClick={(e) => {
            e.stopPropagation();
            act('close', fullPath);
          }}
        />
      )}
    </div>
  );
});
