import { Button, ColorPicker, Divider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOR_PRESETS, DEFAULT_COLOR, useSettingsStore } from '../../platform/stores/settings-store';
import { ColorButton } from './ColorButton';
import { useTooltipWhileClosed } from './tooltip-while-closed';

/**
 * Primary colour of the whole antd theme: presets, free choice and reset to #409EFF. Loaded when
 * the colour button is first pressed (shell/ColorSwitch.tsx), so it starts open.
 */
export function ColorPickerPopup() {
  const { t } = useTranslation('shell');
  const color = useSettingsStore((s) => s.color);
  const setColor = useSettingsStore((s) => s.setColor);
  const [open, setOpen] = useState(true);
  const { tooltipOpen, onPopupOpenChange } = useTooltipWhileClosed(true);
  return (
    <ColorPicker
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        onPopupOpenChange(next);
      }}
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
        <ColorButton tooltipOpen={tooltipOpen} />
      </span>
    </ColorPicker>
  );
}
