import type { DeptNode } from '@agent-console/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeptTree } from '../../platform/resources/system-dept';
import { CustomerTreeSelect } from './CustomerTreeSelect';

const countOf = (nodes: readonly DeptNode[]): number => nodes.reduce((n, c) => n + 1 + countOf(c.children), 0);

/**
 * The customers of the caller's data scope as the reports see them: more than one (the reports
 * open on "All my customers", the figures of all of them added up) or one (that customer).
 */
export function useReportScope() {
  const tree = useDeptTree();
  const nodes = tree.data ?? [];
  const count = countOf(nodes);
  return { loading: tree.isLoading, many: count > 1, only: count === 1 ? nodes[0]?.id : undefined };
}

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
  const scope = useReportScope();
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
