import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerTreeSelect } from './CustomerTreeSelect';
import { useCustomerReach } from './customer-reach';

interface Props {
  /** The customer picked; undefined: "All my customers". */
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * Picks the customer of a report (metrics dashboard, session metrics, usage report). Empty means
 * "All my customers": every customer of the caller's scope rolled up, the server's default. A
 * caller whose scope holds one customer sees that customer and nothing to clear.
 */
export function ReportCustomerSelect({ value, onChange, ...props }: Props) {
  const { t } = useTranslation('metrics');
  const scope = useCustomerReach();
  if (!scope.loading && !scope.many) {
    return (
      <CustomerTreeSelect
        {...props}
        value={value ?? scope.only}
        allowClear={false}
        onChange={(v) => onChange?.(v ?? undefined)}
      />
    );
  }
  return (
    <CustomerTreeSelect
      {...props}
      value={value}
      allowClear
      placeholder={t('customers.all')}
      onChange={(v) => onChange?.(v ?? undefined)}
    />
  );
}
