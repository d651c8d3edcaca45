import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomerTreeSelect } from './CustomerTreeSelect';
import { useCustomerReach } from './customer-reach';

interface Props {
  value: number | undefined;
  onChange(customerId: number): void;
  testId: string;
}

/**
 * The one customer a screen works on (whose knowledge, say), labelled; nothing for someone who
 * reaches one customer only, since there is nothing to pick.
 */
export function CustomerSwitch({ value, onChange, testId }: Props) {
  const { t } = useTranslation('common');
  if (!useCustomerReach().many) return null;
  return (
    <Space size={8} wrap className="customer-switch">
      <span>{t('picker.customer')}</span>
      <CustomerTreeSelect
        value={value}
        onChange={(next?: number) => next !== undefined && onChange(next)}
        allowClear={false}
        aria-label={t('picker.customer')}
        style={{ minWidth: 200 }}
        data-testid={testId}
      />
    </Space>
  );
}
