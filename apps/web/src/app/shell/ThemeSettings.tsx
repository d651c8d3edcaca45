import { SettingOutlined } from '@ant-design/icons';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderButton } from './HeaderButton';
import { LazyPart, lazyPart, OverlayLoading, useOpenedOnce } from './lazy-part';

const themeDrawer = lazyPart('ThemeDrawer', () => import('./ThemeDrawer').then((m) => m.ThemeDrawer));

/** The settings button; its drawer (shell/ThemeDrawer.tsx) loads the first time it opens. */
export function ThemeSettings() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <HeaderButton
        tooltip="bottom"
        icon={<SettingOutlined />}
        label={t('theme.title')}
        testId="theme-settings"
        onClick={() => setOpen(true)}
      />
      {used && <LazyPart chunk={themeDrawer} props={{ open, onClose: close }} fallback={<OverlayLoading />} />}
    </>
  );
}
