import { Form, Input, Select } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

/** A search field of a log list: free text, or a choice when it has options. */
export interface FilterField {
  name: string;
  label: string;
  options?: { value: string; label: string }[];
  /** A choice's width in pixels; its labels are short. */
  width?: number;
  placeholder?: string;
  maxLength?: number;
  testId?: string;
  /** A control of the list's own (a tree of customers, a yes/no choice) instead of text or options. */
  control?: ReactNode;
}

/** The options of a choice: each value with its translated label. */
export function optionsOf<V extends string>(values: readonly V[], label: (value: V) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}

/** The user filter of the monitoring screens, which match the exact username. */
export function usernameFilter(t: TFunction): FilterField {
  return {
    name: 'username',
    label: t('monitor:fields.username'),
    placeholder: t('monitor:fields.exactUsername'),
    testId: 'filter-username',
  };
}

/** From this many choices on, a choice can be searched by typing. */
const SEARCHABLE_FROM = 8;

/** The fields of a search form, declared as data so the log screens repeat no form markup. */
export function SearchFields({ fields }: { fields: (FilterField | false)[] }) {
  return fields.map(
    (f) =>
      f && (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          {f.control ? (
            f.control
          ) : f.options ? (
            <Select
              allowClear
              // A long list of choices is searched by typing part of a label.
              {...(f.options.length > SEARCHABLE_FROM ? { showSearch: { optionFilterProp: 'label' } } : {})}
              style={{ width: f.width ?? 130 }}
              options={f.options}
              data-testid={f.testId}
            />
          ) : (
            <Input allowClear maxLength={f.maxLength ?? 64} placeholder={f.placeholder} data-testid={f.testId} />
          )}
        </Form.Item>
      ),
  );
}
