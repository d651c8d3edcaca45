import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Form, type FormInstance, Space } from 'antd';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../platform/lib/use-viewport';
import { withoutEmpty } from './use-list-state';

interface Props<T extends object> {
  /** The form, when the page needs it (values it maps before searching); otherwise the row makes one. */
  form?: FormInstance<T>;
  /**
   * The list's state (`useListState`) when the fields are its filters: searches set them, and the
   * fields show the filters in force, e.g. restored from the URL.
   */
  list?: { filters: T; setFilters(values: T): void };
  /** Otherwise: called with the non-empty values on search, and with {} on reset. */
  onSearch?: (values: T) => void;
  /** The filters in force, for the fields to show. */
  values?: Partial<T>;
  children: ReactNode;
  testId?: string;
}

/**
 * The filter row above a list: fields, then Search and Reset. On a phone the fields are folded
 * behind a "Filters" button that counts the filters in force (eight fields took the whole screen
 * before the first row); a search folds them again, so the results show.
 */
export function SearchForm<T extends object>({
  form: given,
  list,
  onSearch = list?.setFilters,
  values = list?.filters,
  children,
  testId = 'crud-search',
}: Props<T>) {
  const { t } = useTranslation('crud');
  const phone = useViewport() === 'phone';
  const [unfolded, setUnfolded] = useState(false);
  const formId = useId();
  const [own] = Form.useForm<T>();
  const form = given ?? own;
  const latest = useRef(values);
  latest.current = values;
  // Compared as text: the page hands in a new object on every render.
  const shown = values ? JSON.stringify(values) : '';
  useEffect(() => {
    if (!shown || !latest.current) return;
    form.resetFields();
    form.setFieldsValue(latest.current as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, shown]);

  const active = values ? Object.keys(withoutEmpty(values)).length : 0;
  const folded = phone && !unfolded;

  const fields = (
    <Form
      form={form}
      id={formId}
      // Its fields' ids are prefixed with it: a list's search field and its dialog's field of the
      // same name ("name", "phone") would otherwise share an id, and a dialog's label would focus
      // the search field.
      name={formId}
      layout="inline"
      className="crud-search"
      onFinish={(v) => {
        onSearch?.(withoutEmpty(v));
        setUnfolded(false);
      }}
      // Kept mounted while folded: the fields keep what was typed.
      style={folded ? { display: 'none' } : undefined}
      data-testid={testId}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="crud-search-submit">
            {t('search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch?.({} as T);
              setUnfolded(false);
            }}
            data-testid="crud-search-reset"
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
  if (!phone) return fields;
  return (
    <>
      <Badge count={active} size="small" className="crud-filters-badge">
        <Button
          icon={<FilterOutlined />}
          aria-expanded={!folded}
          aria-controls={formId}
          onClick={() => setUnfolded((u) => !u)}
          data-testid="crud-filters-toggle"
          data-active={active}
        >
          {t('filters')}
        </Button>
      </Badge>
      {fields}
    </>
  );
}
