import { Form, Input } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  /** The filter's field. */
  name: string;
  label?: ReactNode;
  /** What the contract allows; 64 in most lists. */
  maxLength?: number;
  /** What to type, when the field has no label (or says more than it). */
  placeholder?: string;
  width?: number;
  /** `filter-<name>` unless said otherwise. */
  testId?: string;
}

/** A text field of a search form (a name, a code, a keyword), cleared by its own cross. */
export function TextFilter({ name, label, maxLength = 64, placeholder, width, testId = `filter-${name}` }: Props) {
  return (
    <Form.Item name={name} label={label}>
      <Input
        allowClear
        maxLength={maxLength}
        placeholder={placeholder}
        style={width ? { width } : undefined}
        data-testid={testId}
      />
    </Form.Item>
  );
}
