import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <Tooltip title={t('theme.title')} placement="bottom">
        <Button
          type="text"
          className="header-button"
          icon={<SettingOutlined />}
          aria-label={t('theme.title')}
          data-testid="theme-settings"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {used && <LazyPart chunk={themeDrawer} props={{ open, onClose: close }} fallback={<OverlayLoading />} />}
    </>
  );
}
