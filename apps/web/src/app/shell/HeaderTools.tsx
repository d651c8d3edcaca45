import { SearchOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../LanguageSwitch';
import { ColorSwitch } from './ColorSwitch';
import { FullscreenToggle } from './FullscreenToggle';
import { HeaderButton } from './HeaderButton';
import { LogIcon } from './LogIcon';
import { SizeSwitch } from './SizeSwitch';
import { ThemeSettings } from './ThemeSettings';

export interface HeaderTool {
  key: string;
  /** What the tool is, said beside it where there is room for words (the phone's tools drawer). */
  label: string;
  control: ReactNode;
}

/**
 * The header's tools in their order: search, full screen, log, size, colour, theme, language. One
 * list for both layouts, so the phone's tools drawer can never miss one the desktop header has.
 * (The user menu follows them in each layout, where that layout has room for the user's name.)
 */
export function useHeaderTools(onSearch: () => void): HeaderTool[] {
  const { t } = useTranslation();
  return [
    {
      key: 'search',
      label: t('shell:mobile.search'),
      control: (
        <HeaderButton
          tooltip="bottom"
          icon={<SearchOutlined />}
          label={t('shell:search.tooltip')}
          testId="search-button"
          onClick={onSearch}
        />
      ),
    },
    { key: 'fullscreen', label: t('shell:header.fullscreen'), control: <FullscreenToggle /> },
    { key: 'log', label: t('common:routes.log'), control: <LogIcon /> },
    { key: 'size', label: t('shell:size.label'), control: <SizeSwitch /> },
    { key: 'color', label: t('shell:color.label'), control: <ColorSwitch /> },
    { key: 'theme', label: t('shell:theme.title'), control: <ThemeSettings /> },
    { key: 'language', label: t('common:language.label'), control: <LanguageSwitch /> },
  ];
}
