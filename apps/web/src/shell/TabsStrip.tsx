import {
  CloseOutlined,
  DownOutlined,
  HomeOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useResolver, useRouteTitle } from '../router/resolve-route';
import { HOME_PATH, type OpenedTab, useTabsStore } from '../stores/tabs-store';
import { type TabAction, useTabActions } from './useTabActions';

/**
 * The multi-tab strip (SPEC §2, ANCHORS §A): click to switch, × or middle-click to close, a
 * context menu per tab, drag to reorder, wheel to scroll; home is first and never closable.
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

  // The active tab scrolls into view whenever it changes (or the strip changes under it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current path and tab count are triggers
  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>('[data-active="true"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current, opened.length]);

  const menuItems = (tab: OpenedTab): MenuProps['items'] => {
    const index = opened.findIndex((o) => o.fullPath === tab.fullPath);
    const home = tab.fullPath === HOME_PATH;
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

  const onDrop = (event: DragEvent, target: OpenedTab) => {
    event.preventDefault();
    const from = dragging ?? event.dataTransfer.getData('text/plain');
    setDragging(null);
    if (from && from !== target.fullPath) move(from, target.fullPath);
  };

  const currentTab = opened.find((o) => o.fullPath === current) ?? opened[0];

  return (
    <div className="tabs-strip" data-testid="tabs-strip">
      <div
        className="tabs-scroller"
        ref={scroller}
        role="tablist"
        onWheel={(e) => {
          if (scroller.current) scroller.current.scrollLeft += e.deltaY || e.deltaX;
        }}
      >
        {opened.map((tab) => {
          const home = tab.fullPath === HOME_PATH;
          const active = tab.fullPath === current;
          const title = titleOf(resolve(tab.path));
          return (
            <Dropdown
              key={tab.fullPath}
              trigger={['contextMenu']}
              menu={{ items: menuItems(tab), onClick: ({ key }) => act(key as TabAction, tab.fullPath) }}
            >
              <div
                className={`tab${active ? ' tab-active' : ''}${dragging === tab.fullPath ? ' tab-dragging' : ''}`}
                role="tab"
                tabIndex={0}
                aria-selected={active}
                data-active={active}
                data-testid="tab"
                data-path={tab.fullPath}
                title={tab.fullPath}
                draggable={!home}
                onClick={() => {
                  if (!active) navigate(tab.fullPath);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') navigate(tab.fullPath);
                }}
                onAuxClick={(e) => {
                  // Middle-click closes, as in browsers.
                  if (e.button === 1 && !home) {
                    e.preventDefault();
                    act('close', tab.fullPath);
                  }
                }}
                onMouseDown={(e) => {
                  if (e.button === 1) e.preventDefault();
                }}
                onDragStart={(e) => {
                  setDragging(tab.fullPath);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', tab.fullPath);
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => {
                  if (!home) e.preventDefault();
                }}
                onDrop={(e) => onDrop(e, tab)}
              >
                {home && <HomeOutlined className="tab-home" />}
                <span className="tab-title" data-testid="tab-title">
                  {title}
                </span>
                {!home && (
                  <CloseOutlined
                    className="tab-close"
                    data-testid="tab-close"
                    aria-label={t('tabs.close')}
                    onClick={(e) => {
                      e.stopPropagation();
                      act('close', tab.fullPath);
                    }}
                  />
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {currentTab && (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{ items: menuItems(currentTab), onClick: ({ key }) => act(key as TabAction, currentTab.fullPath) }}
        >
          <button type="button" className="tabs-more" data-testid="tabs-more" aria-label={t('tabs.more')}>
            <DownOutlined />
          </button>
        </Dropdown>
      )}
    </div>
  );
}
