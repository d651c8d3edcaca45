import { BgColorsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../platform/stores/settings-store';
import { HeaderButton } from './HeaderButton';

/** The header's colour button, showing the colour in use. */
export function ColorButton({ tooltipOpen, onClick }: { tooltipOpen?: boolean; onClick?: () => void }) {
  const { t } = useTranslation('shell');
  const color = useSettingsStore((s) => s.color);
  return (
    <HeaderButton
      tooltip="bottom"
      tooltipOpen={tooltipOpen}
      icon={<BgColorsOutlined style={{ color }} />}
      label={t('color.label')}
      testId="color-switch"
      onClick={onClick}
    />
  );
}
