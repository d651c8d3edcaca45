import { COUNT_CAP } from '@agent-console/server/test/internals';
import { httpLoad, type LoadResult, loopLoad } from '../lib/load';
import { apiLogin, startBenchServer } from '../lib/server';
import { openSqlRunner } from '../lib/sql-runner';
import type { BenchContext, Figure, Scenario } from '../lib/types';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const DEEP_PAGE = 5000;

/** One million operation-log rows spread over 90 days and 50 users, inserted by bulk SQL. */
const SEED_SQL = `
INSERT INTO operation_logs (title, business_type, method, path, user_id, username, customer_id, ip, params, result,
  status, http_status, cost_ms, created_at)
SELECT 'system/user', (ARRAY['insert','update','delete','other'])[1 + g % 4], 'POST', '/api/v3/system/user/update/' || g,
  1, 'user' || (g % 50), 1, '127.0.0.1', '{"id":' || g || '}', '{"code":"00000"}',
  'success', 200, g % 90, now() - (g || ' seconds')::interval * 7.776
FROM generate_series(1, ${ROWS}) AS g`;

const SHAPES = [
  { name: 'first page', body: { pageNum: 1, pageSize: 20 }, where: '', offset: 0 },
  { name: `page ${DEEP_PAGE}`, body: { pageNum: DEEP_PAGE, pageSize: 20 }, where: '', offset: (DEEP_PAGE - 1) * 20 },
  {
    name: 'filtered by user and time',
    body: {
      pageNum: 1,
      pageSize: 20,
      username: 'user7',
      beginTime: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    },
    where: `WHERE lower(l.username) = 'user7' AND l.created_at >= now() - interval '30 days'`,
    offset: 0,
  },
];

function pageSql(where: string, offset: number): string[] {
  return [
    `SELECT l.*, c.name AS customer_name FROM operation_logs l LEFT JOIN customers c ON c.id = l.customer_id ${where}
     ORDER BY l.created_at DESC, l.id DESC LIMIT 20 OFFSET ${offset}`,
    // The same capped count the API runs (http/paging.ts), so the ratio compares like with like.
    `SELECT count(*) FROM (SELECT 1 FROM operation_logs l ${where} LIMIT ${COUNT_CAP + 1}) capped`,
  ];
}

/** Issue 7 scenario 1: the API's page list against the same SQL straight through the driver. */
export const apiVsSqlScenario: Scenario = {
  name: 'api-vs-sql',
  async run(ctx: BenchContext) {
    // First start migrates and seeds; then the rows go in while no server holds the database.
    const server = await startBenchServer(ctx, 'apisql');
    await server.stop();
    const sqlRunner = await openSqlRunner(server.databaseUrl, server.dataDir, CONNECTIONS);
    await sqlRunner.exec(SEED_SQL);
    await sqlRunner.exec('ANALYZE operation_logs');

    const sqlResults: LoadResult[] = [];
    for (const shape of SHAPES) {
      const [rows, total] = pageSql(shape.where, shape.offset);
      sqlResults.push(
        await loopLoad(
          () => Promise.all([sqlRunner.query(rows ?? ''), sqlRunner.query(total ?? '')]),
          CONNECTIONS,
          SECONDS,
        ),
      );
    }
    await sqlRunner.close();

    await server.start();
    const token = await apiLogin(server.baseUrl);
    const figures: Figure[] = [];
    try {
      for (const [i, shape] of SHAPES.entries()) {
        const api = await httpLoad({
          url: `${server.baseUrl}/api/v3/monitor/operation/log/page`,
          token,
          body: shape.body,
          connections: CONNECTIONS,
          seconds: SECONDS,
        });
        const sql = sqlResults[i] as LoadResult;
        const s = 'api-vs-sql';
        figures.push(
          { scenario: s, name: `${shape.name}: API throughput`, value: api.throughput, unit: 'req/s' },
          { scenario: s, name: `${shape.name}: SQL throughput`, value: sql.throughput, unit: 'req/s' },
          {
            scenario: s,
            name: `${shape.name}: ratio API/SQL`,
            value: api.throughput / sql.throughput,
            unit: '',
            target: { kind: 'min', value: 0.5 },
          },
          {
            scenario: s,
            name: `${shape.name}: API p50`,
            value: api.p50,
            unit: 'ms',
            ...(shape.offset ? { target: { kind: 'max' as const, value: 50 } } : {}),
          },
          {
            scenario: s,
            name: `${shape.name}: API p99`,
            value: api.p99,
            unit: 'ms',
            target: { kind: 'max', value: 25 },
          },
          {
            scenario: s,
            name: `${shape.name}: API errors`,
            value: api.errors,
            unit: '',
            target: { kind: 'max', value: 0 },
          },
        );
      }
    } finally {
      await server.dispose();
    }
    return figures;
  },
};
