import Fastify from 'fastify';
import { openBenchDatabase } from './bench-database';
import { operationLogPage } from './operation-log-page';

/**
 * The ceiling: the smallest Fastify server that answers the operation log's page, run as its own
 * process like the server under test (bench/lib/ceiling.ts starts it). It runs the same page query
 * and capped count through the server's own database client (the `pg` pool of the same size on
 * PostgreSQL, PGlite otherwise) with nothing else: no auth, no validation, no row mapping.
 */
const database = await openBenchDatabase({
  databaseUrl: process.env.CEILING_DATABASE_URL || undefined,
  dataDir: process.env.CEILING_DATA_DIR ?? '',
});
const app = Fastify();

app.post<{ Body: { pageNum?: number; pageSize?: number } }>('/page', async (request) => {
  const pageNum = Number(request.body?.pageNum ?? 1);
  const pageSize = Number(request.body?.pageSize ?? 20);
  const page = operationLogPage({ where: '', offset: (pageNum - 1) * pageSize, pageSize });
  const [rows, counted] = await Promise.all([
    database.sql.query(page.rows.text, page.rows.params),
    database.sql.query<{ n: number }>(page.count.text, page.count.params),
  ]);
  return { code: '00000', data: { list: rows.rows, total: counted.rows[0]?.n ?? 0, pageNum, pageSize } };
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${address}\n`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
