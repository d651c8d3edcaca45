import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import { allCustomerIds } from '../../system/customer/customer.repo';

/**
 * The customers one report covers (metrics dashboard, usage report): the customer picked, or
 * without a pick every customer of the caller's data scope — "All my customers". A caller whose
 * scope holds one customer gets that customer either way.
 */
export interface ReportCustomers {
  /** The one customer shown; null when the report rolls up more than one ("All my customers"). */
  customerId: number | null;
  /** Every customer there is (data scope "all"): no condition on the customer at all. */
  all: boolean;
  /** The customers covered, in id order. */
  ids: number[];
}

/**
 * The customers a report covers. A pick must pass the caller's own scope check first (each
 * module keeps its refusal: metrics A0312, usage A0404); this only widens nothing. Without a
 * pick: the whole scope, or `refuse` when the scope holds no customer (a caller limited to
 * their own rows reads no customer-wide figure).
 */
export async function reportCustomers(
  db: Executor,
  auth: AuthContext,
  picked: number | undefined,
  refuse: () => never,
): Promise<ReportCustomers> {
  if (picked !== undefined) return { customerId: picked, all: false, ids: [picked] };
  const scope = auth.dataScope;
  const ids = scope.all ? await allCustomerIds(db) : [...scope.customerIds].sort((a, b) => a - b);
  if (!ids.length) refuse();
  return { customerId: ids.length === 1 ? (ids[0] ?? null) : null, all: scope.all, ids };
}

/** `column` limited to the report's customers (nothing to limit for scope "all"). */
export function ofReportCustomers(c: ReportCustomers, column: SQL): SQL {
  return c.all ? sql`true` : sql`${column} in ${c.ids}`;
}
