import { SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Checkbox, Popover, Tooltip } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnOption } from './column-choice';

interface Props {
  options: ColumnOption[];
  changed: boolean;
  onChange(key: string, show: boolean): void;
  onReset(): void;
}

/**
 * The toolbar button that chooses a list's columns: a panel of checkboxes, one per column that
 * may be switched, and "Default columns". Opened with Enter or Space, the first checkbox takes the
 * focus (the panel is drawn at the end of the page, out of the Tab order after the button);
 * Escape closes it and gives the focus back to the button. A dot on the button says the columns
 * differ from the list's defaults.
 */
export function ColumnPicker({ options, changed, onChange, onReset }: Props) {
  const { t } = useTranslation('crud');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };

  const content = (
    <fieldset ref={panel} className="crud-column-picker" onKeyDown={onKeyDown} data-testid="crud-columns-panel">
      <legend className="crud-column-picker-title">{t('columns.title')}</legend>
      {options.map((o) => (
        <Checkbox
          key={o.key}
          checked={o.shown}
          onChange={(e) => onChange(o.key, e.target.checked)}
          data-testid={`crud-column-${o.key}`}
        >
          {o.title}
        </Checkbox>
      ))}
      <Button type="link" size="small" disabled={!changed} onClick={onReset} data-testid="crud-columns-reset">
        {t('columns.reset')}
      </Button>
    </fieldset>
  );

  return (
    <Badge dot={changed} offset={[-4, 4]}>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={content}
        afterOpenChange={(visible) => {
          if (visible) panel.current?.querySelector<HTMLInputElement>('input')?.focus();
        }}
      >
        <Tooltip title={open ? undefined : t('columns.title')}>
          <Button
            ref={button}
            icon={<SettingOutlined />}
            aria-label={t('columns.title')}
            aria-haspopup="true"
            aria-expanded={open}
            data-testid="crud-columns"
          />
        </Tooltip>
      </Popover>
    </Badge>
  );
}
