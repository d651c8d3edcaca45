import { Drawer, Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEMES, useSettingsStore } from '../../platform/stores/settings-store';

/** The settings drawer: theme (one offered) and page transition, both persisted per user. */
export function ThemeDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const themeName = useSettingsStore((s) => s.themeName);
  const transition = useSettingsStore((s) => s.transition);
  const setTheme = useSettingsStore((s) => s.setTheme);
  const setTransition = useSettingsStore((s) => s.setTransition);
  return (
    <Drawer title={t('theme.title')} open={open} onClose={onClose} size={320}>
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
  );
}
