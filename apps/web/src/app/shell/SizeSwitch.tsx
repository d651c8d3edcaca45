import { FontSizeOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/api/feedback';
import { SIZES, type SizeName, useSettingsStore } from '../../platform/stores/settings-store';
import { HeaderButton } from './HeaderButton';
import { useTooltipWhileClosed } from './tooltip-while-closed';

/** The size notice stays 3 seconds (SPEC §9). */
export const SIZE_NOTICE_SECONDS = 3;

/** Component size of the whole antd theme; persisted per user, re-applied at once. */
export function SizeSwitch() {
  const { t } = useTranslation('shell');
  const size = useSettingsStore((s) => s.size);
  const setSize = useSettingsStore((s) => s.setSize);
  const { tooltipOpen, onPopupOpenChange } = useTooltipWhileClosed();
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={onPopupOpenChange}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: <span data-testid={`size-${s}`}>{t(`size.${s}`)}</span> })),
        onClick: ({ key }) => {
          if (key === size) return;
          setSize(key as SizeName);
          feedback.success(t('size.changed', { size: t(`size.${key}`) }), SIZE_NOTICE_SECONDS);
        },
      }}
    >
      <HeaderButton
        tooltip="bottom"
        tooltipOpen={tooltipOpen}
        icon={<FontSizeOutlined />}
        label={t('size.label')}
        testId="size-switch"
      />
    </Dropdown>
  );
}
