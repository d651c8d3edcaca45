import { SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Select, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES, useSettingsStore } from '../stores/settings-store';

/** Theme (one offered) and page transition, in a drawer; both persisted per user. */
export function ThemeSettings() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const themeName = useSettingsStore((s) => s.themeName);
  const transition = useSettingsStore((s) => s.transition);
  const setTheme = useSettingsStore((s) => s.setTheme);
  const setTransition = useSettingsStore((s) => s.setTransition);
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
      <Drawer title={t('theme.title')} open={open} onClose={() => setOpen(false)} size={320}>
        <Form layout="vertical">
          <Form.Item label={t('theme.name')}>
            <Select
              value={themeName}
              onChange={setTheme}
              options={THEMES.map((name) => ({ value: name, label: t(`theme.names.${name}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('theme.transition')} extra={t('theme.transitionHelp')}>
            <Switch checked={transition} onChange={setTransition} data-testid="transition-switch" />
          </Form.Item>
        </Form>
      </Drawer>
    </>
  );
}
