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

/** Rows of the operation-log scenarios (BENCH_LOG_ROWS, 100,000 by default). */
export const OPERATION_LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 100_000);

/** Operation-log rows spread over 90 days and 50 users, inserted by bulk SQL. */
export function operationLogSeedSql(rows = OPERATION_LOG_ROWS): string {
  return `
INSERT INTO operation_logs (title, business_type, method, path, user_id, username, customer_id, ip, params, result,
  status, http_status, cost_ms, created_at)
SELECT 'system/user', (ARRAY['insert','update','delete','other'])[1 + g % 4], 'POST', '/api/v3/system/user/update/' || g,
  1, 'user' || (g % 50), 1, '127.0.0.1', '{"id":' || g || '}', '{"code":"00000"}',
  'success', 200, g % 90, now() - (g || ' seconds')::interval * (7776000.0 / ${rows})
FROM generate_series(1, ${rows}) AS g;
ANALYZE operation_logs;`;
}
