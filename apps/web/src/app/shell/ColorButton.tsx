import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../platform/stores/settings-store';

/** The header's colour button, showing the colour in use. */
export function ColorButton({ tooltipOpen, onClick }: { tooltipOpen?: boolean; onClick?: () => void }) {
  const { t } = useTranslation('shell');
  const color = useSettingsStore((s) => s.color);
  return (
    <Tooltip title={t('color.label')} placement="bottom" open={tooltipOpen}>
      <Button
        type="text"
        className="header-button"
        icon={<BgColorsOutlined style={{ color }} />}
        aria-label={t('color.label')}
        data-testid="color-switch"
        onClick={onClick}
      />
    </Tooltip>
  );
}
