import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Viewport } from '../../platform/lib/use-viewport';
import { HeaderButton } from './HeaderButton';
import { HeaderMenu } from './HeaderMenu';
import { useHeaderTools } from './HeaderTools';
import { MobileTools } from './MobileTools';
import { UserMenu } from './UserMenu';

interface Props {
  viewport: Viewport;
  asideWidth: number;
  collapsed: boolean;
  onToggleAside(): void;
  /** The phone's menu button: opens the side menu's drawer. */
  onOpenNav(): void;
  onSearch(): void;
  onFocusDirectory(key: string): void;
}

function Brand({ width, withName }: { width?: number; withName: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/index"
      className="app-brand"
      style={width ? { width } : undefined}
      aria-label={t('productName')}
      data-testid="brand"
    >
      <img src="/logo.svg" alt="" width={28} height={28} />
      {withName && <span className="app-brand-name">{t('productName')}</span>}
    </Link>
  );
}

/**
 * Logo and product name, header menu, then the tools: search, full screen, log, size, colour, theme,
 * language, user. A phone has room for the menu button, the logo and one button that opens the tools.
 */
export function AppHeader(props: Props) {
  const { viewport, asideWidth, collapsed, onToggleAside, onOpenNav, onSearch, onFocusDirectory } = props;
  const { t } = useTranslation();
  const tools = useHeaderTools(onSearch);
  if (viewport === 'phone') {
    return (
      <header className="app-header app-header-phone">
        <HeaderButton
          tooltip={false}
          icon={<MenuOutlined />}
          label={t('shell:mobile.menu')}
          testId="nav-drawer-toggle"
          onClick={onOpenNav}
        />
        <Brand withName={false} />
        <div className="header-spacer" />
        <MobileTools onSearch={onSearch} />
      </header>
    );
  }
  return (
    <header className="app-header">
      <Brand width={asideWidth} withName={!collapsed} />
      <HeaderButton
        tooltip={false}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        label={t(collapsed ? 'shell:header.expand' : 'shell:header.collapse')}
        testId="aside-toggle"
        onClick={onToggleAside}
      />
      <HeaderMenu onFocusDirectory={onFocusDirectory} />
      <div className="header-tools">
        {tools.map((tool) => (
          <Fragment key={tool.key}>{tool.control}</Fragment>
        ))}
        <UserMenu />
      </div>
    </header>
  );
}
