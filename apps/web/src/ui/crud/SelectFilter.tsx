import { Form, Select, type SelectProps } from 'antd';
import type { BaseOptionType } from 'antd/es/select';
import type { ReactNode } from 'react';

/** Options of any value: a status filter's are true and false. */
type Props = Omit<SelectProps<unknown, BaseOptionType>, 'allowClear' | 'style'> & {
  /** The filter's field. */
  name: string;
  label?: ReactNode;
  width?: number;
  /** `filter-<name>` unless said otherwise. */
  testId?: string;
};

/** A choice of a search form (a status, a type, an app), cleared by its own cross; other props go to the select. */
export function SelectFilter({ name, label, width = 120, testId = `filter-${name}`, ...select }: Props) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear style={{ width }} data-testid={testId} {...select} />
    </Form.Item>
  );
}
