import { COUNT_CAP } from '@agent-console/server/test/internals';

export interface Query {
  text: string;
  params: unknown[];
}

/** Where a page starts: an offset, or a keyset condition in `where` (scenarios/api-vs-sql.ts). */
export interface PagePosition {
  where: string;
  offset: number;
  pageSize: number;
  /** False for a page turn whose total the client already knows: the API then skips the count. */
  count?: boolean;
}

/**
 * One page of the operation log as the API reads it for an administrator (no data-scope
 * condition): the page's rows with the customer's name, newest first, and the capped count
 * (http/paging.ts) run beside it. Raw SQL and the ceiling server run exactly these.
 */
export function operationLogPage({ where, offset, pageSize }: PagePosition): { rows: Query; count: Query } {
  return {
    rows: {
      text: `SELECT l.*, c.name AS customer_name FROM operation_logs l LEFT JOIN customers c ON c.id = l.customer_id
        ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT $1 OFFSET $2`,
      params: [pageSize, offset],
    },
    count: {
      text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM operation_logs l ${where} LIMIT $1) capped`,
      params: [COUNT_CAP + 1],
    },
  };
}
