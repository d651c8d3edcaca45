import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The filter's field; `enabled` in every list so far. */
  name?: string;
  /** How the screen calls the off state, when not "Disabled" (a paused job). */
  offLabel?: ReactNode;
}

/** The Status field of a search form: enabled, disabled or either. */
export function StatusFilter({ name = 'enabled', offLabel }: Props) {
  const { t } = useTranslation('crud');
  return (
    <Form.Item name={name} label={t('status')}>
      <Select
        allowClear
        style={{ width: 120 }}
        options={[
          { value: true, label: t('enabled') },
          { value: false, label: offLabel ?? t('disabled') },
        ]}
        data-testid={`filter-${name}`}
      />
    </Form.Item>
  );
}
