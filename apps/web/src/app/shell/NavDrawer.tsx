import { Drawer } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AsideMenu } from './AsideMenu';

/**
 * The side menu of a phone: a drawer from the left, opened from the header's menu button. Choosing
 * a page closes it, and so does arriving at a page by any other way (search, tools, links).
 */
export function NavDrawer({ open, width, onClose }: { open: boolean; width: number; onClose(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the drawer
  useEffect(() => onClose(), [pathname]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={`min(${width}px, calc(100vw - 48px))`}
      title={
        <span className="nav-drawer-title">
          <img src="/logo.svg" alt="" width={24} height={24} />
          {t('productName')}
        </span>
      }
      className="nav-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <div className="app-aside app-aside-drawer" data-testid="nav-drawer">
        <AsideMenu collapsed={false} focusKey={null} onNavigate={onClose} />
      </div>
    </Drawer>
  );
}
