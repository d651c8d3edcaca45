import { BgColorsOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Divider, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLOR_PRESETS, DEFAULT_COLOR, useSettingsStore } from '../stores/settings-store';
import { useTooltipWhileClosed } from './tooltip-while-closed';

/** Primary colour of the whole antd theme: presets, free choice and reset to #409EFF. */
export function ColorSwitch() {
  const { t } = useTranslation('shell');
  const color = useSettingsStore((s) => s.color);
  const setColor = useSettingsStore((s) => s.setColor);
  const { tooltipOpen, onPopupOpenChange } = useTooltipWhileClosed();
  return (
    <ColorPicker
      onOpenChange={onPopupOpenChange}
      value={color}
      disabledAlpha
      presets={[{ label: t('color.presets'), colors: COLOR_PRESETS, defaultOpen: true }]}
      onChangeComplete={(value) => setColor(value.toHexString())}
      panelRender={(panel) => (
        <div data-testid="color-panel">
          {panel}
          <Divider style={{ margin: '8px 0' }} />
          {/* The picker treats a press inside its panel as the start of a drag; keep this button out of it. */}
          <Button
            size="small"
            block
            onMouseDown={(e) => e.stopPropagation()}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={() => setColor(DEFAULT_COLOR)}
            data-testid="color-reset"
          >
            {t('color.reset')}
          </Button>
        </div>
      )}
    >
      <span>
        <Tooltip title={t('color.label')} placement="bottom" open={tooltipOpen}>
          <Button
            type="text"
            className="header-button"
            icon={<BgColorsOutlined style={{ color }} />}
            aria-label={t('color.label')}
            data-testid="color-switch"
          />
        </Tooltip>
      </span>
    </ColorPicker>
  );
}
