import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withoutEmpty } from './use-list-state';

interface Props<T extends object> {
  form: FormInstance<T>;
  /** Called with the non-empty values on search, and with {} on reset. */
  onSearch(values: T): void;
  children: ReactNode;
  testId?: string;
}

/** The filter row above a list: fields, then Search and Reset. */
export function SearchForm<T extends object>({ form, onSearch, children, testId = 'crud-search' }: Props<T>) {
  const { t } = useTranslation('crud');
  return (
    <Form
      form={form}
      layout="inline"
      className="crud-search"
      onFinish={(values) => onSearch(withoutEmpty(values))}
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
              onSearch({} as T);
            }}
            data-testid="crud-search-reset"
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
