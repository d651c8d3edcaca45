import type { DeptNode } from '@agent-console/contracts';
import { useTranslation } from 'react-i18next';
import { useDeptTree } from '../../platform/resources/system-dept';

function find(nodes: DeptNode[], id: number): DeptNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = find(n.children, id);
    if (below) return below;
  }
  return undefined;
}

/** The customer's time zone (system/dept), null for the server's; undefined while unknown. */
export function useCustomerTimeZone(customerId: number | undefined): string | null | undefined {
  const tree = useDeptTree();
  if (!customerId || !tree.data) return undefined;
  return find(tree.data, customerId)?.timeZone;
}

/** Says in whose time zone a customer's times of day are (working hours, quiet hours). */
export function CustomerTimeZoneNote({ customerId }: { customerId: number | undefined }) {
  const { t } = useTranslation('common');
  const zone = useCustomerTimeZone(customerId);
  if (zone === undefined) return null;
  return <span data-testid="customer-time-zone">{zone ? t('timeZone.customer', { zone }) : t('timeZone.server')}</span>;
}
