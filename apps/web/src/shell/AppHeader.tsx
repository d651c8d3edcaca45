import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { ColorSwitch } from './ColorSwitch';
import { FullscreenToggle } from './FullscreenToggle';
import { HeaderMenu } from './HeaderMenu';
import { LogIcon } from './LogIcon';
import { SizeSwitch } from './SizeSwitch';
import { ThemeSettings } from './ThemeSettings';
import { UserMenu } from './UserMenu';

interface Props {
  asideWidth: number;
  collapsed: boolean;
  onToggleAside(): void;
  onSearch(): void;
  onFocusDirectory(key: string): void;
}

/** Logo and product name, header menu, then the tools: search, full screen, log, size, colour, theme, language, user. */
export function AppHeader({ asideWidth, collapsed, onToggleAside, onSearch, onFocusDirectory }: Props) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <Link to="/index" className="app-brand" style={{ width: asideWidth }} data-testid="brand">
        <img src="/logo.svg" alt="" width={28} height={28} />
        {!collapsed && <span className="app-brand-name">{t('productName')}</span>}
      </Link>
      <Button
        type="text"
        className="header-button"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={t(collapsed ? 'shell:header.expand' : 'shell:header.collapse')}
        data-testid="aside-toggle"
        onClick={onToggleAside}
      />
      <HeaderMenu onFocusDirectory={onFocusDirectory} />
      <div className="header-tools">
        <Tooltip title={t('shell:search.tooltip')} placement="bottom">
          <Button
            type="text"
            className="header-button"
            icon={<SearchOutlined />}
            aria-label={t('shell:search.tooltip')}
            data-testid="search-button"
            onClick={onSearch}
          />
        </Tooltip>
        <FullscreenToggle />
        <LogIcon />
        <SizeSwitch />
        <ColorSwitch />
        <ThemeSettings />
        <LanguageSwitch />
        <UserMenu />
      </div>
    </header>
  );
}
