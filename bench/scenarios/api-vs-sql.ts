import { encodeCursor } from '@agent-console/contracts';
import type { Database } from '@agent-console/server/test/db';
import { withBenchDatabase } from '../lib/bench-database';
import { withCeilingServer } from '../lib/ceiling';
import { httpLoad, type LoadResult, loopLoad } from '../lib/load';
import { operationLogPage, operationLogSeedSql, type PagePosition } from '../lib/operation-log-page';
import { repeated } from '../lib/repeat';
import { apiLogin, BenchServer } from '../lib/server';
import type { BenchContext, DatabaseKind, Figure, Scenario } from '../lib/types';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Every figure of issue 19 is measured with eight concurrent callers (c8). */
const CONCURRENCY = 8;
const PAGE_SIZE = 20;
const DEEP_PAGE = 5000;
const S = 'api-vs-sql';

interface Targets {
  /** API ÷ raw SQL, at least. */
  sqlRatio?: number;
  /** API ÷ the minimal Fastify route, at least. */
  ceilingRatio?: number;
  p50?: number;
  p99?: number;
}

interface Shape {
  name: string;
  /** The API's request; `page` is the same page as SQL. */
  body: Record<string, unknown>;
  page: PagePosition;
  /** Also measured through the minimal Fastify route (the ceiling), which serves the unfiltered log. */
  ceiling?: boolean;
  targets: Partial<Record<DatabaseKind, Targets>>;
}

const FIRST_PAGE: Shape = {
  name: 'first page',
  body: { pageNum: 1, pageSize: PAGE_SIZE },
  page: { where: '', offset: 0, pageSize: PAGE_SIZE },
  ceiling: true,
  targets: { postgres: { sqlRatio: 0.6, ceilingRatio: 0.75, p99: 15 } },
};

/**
 * The deep page as the console reaches it: by cursor (keyset), after paging forward with the total
 * already known (`withTotal: false`). The cursor is the key (created_at, id) of the row just before
 * page DEEP_PAGE, read once the rows are in (deepPageByCursor); raw SQL runs the same keyset
 * condition, and no count, so both sides run the same query.
 */
const DEEP_PAGE_SHAPE: Shape = {
  name: `page ${DEEP_PAGE}`,
  body: {},
  page: { where: '', offset: 0, pageSize: PAGE_SIZE },
  targets: { postgres: { p50: 10 }, pglite: { p50: 50 } },
};

async function deepPageByCursor(database: Database): Promise<void> {
  const { rows } = await database.sql.query<{ id: number; key: string }>(
    `SELECT id, (extract(epoch from created_at) * 1000000)::bigint::text AS key FROM operation_logs
      ORDER BY created_at DESC, id DESC OFFSET ${(DEEP_PAGE - 1) * PAGE_SIZE - 1} LIMIT 1`,
  );
  const before = rows[0];
  if (!before) throw new Error(`fewer than ${DEEP_PAGE} pages of rows`);
  const at = { order: 'createdAt.desc', key: Number(before.key), id: Number(before.id) };
  DEEP_PAGE_SHAPE.body = {
    pageNum: DEEP_PAGE,
    pageSize: PAGE_SIZE,
    cursor: encodeCursor(at),
    cursorDirection: 'next',
    withTotal: false,
  };
  DEEP_PAGE_SHAPE.page = {
    where: `WHERE (l.created_at, l.id) < (timestamptz 'epoch' + interval '1 microsecond' * ${at.key}, ${at.id})`,
    offset: 0,
    pageSize: PAGE_SIZE,
    count: false,
  };
}

const FILTERED: Shape = {
  name: 'filtered by user and time',
  body: {
    pageNum: 1,
    pageSize: PAGE_SIZE,
    username: 'user7',
    beginTime: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  },
  page: {
    where: `WHERE lower(l.username) = 'user7' AND l.created_at >= now() - interval '30 days'`,
    offset: 0,
    pageSize: PAGE_SIZE,
  },
  targets: { postgres: { sqlRatio: 0.5 } },
};

const SHAPES = [FIRST_PAGE, DEEP_PAGE_SHAPE, FILTERED];

/**
 * Issue 19: the operation log's page list through the API against the same page and capped count
 * as raw SQL in the bench process, and against a minimal Fastify route running them (the ceiling
 * of any Fastify server on this machine and driver), all at c8 on the same database. Each of the
 * three rounds measures SQL, ceiling and API one after the other, so drift of the machine's load
 * touches all three alike; the figures are the median of the rounds with their min and max.
 */
export const apiVsSqlScenario: Scenario = {
  name: S,
  async run(ctx: BenchContext) {
    const server = await BenchServer.create(ctx, 'apisql');
    try {
      // The first start migrates and seeds; the rows go in while no server holds the database.
      await server.start();
      await server.stop();
      await withBenchDatabase(server, (database) => database.sql.exec(operationLogSeedSql()));
      return await repeated(() => measureRound(ctx, server));
    } finally {
      await server.dispose();
    }
  },
};

interface Measured {
  sql: LoadResult;
  api: LoadResult;
  ceiling?: LoadResult;
}

async function measureRound(ctx: BenchContext, server: BenchServer): Promise<Figure[]> {
  // Raw SQL and the ceiling while the server is stopped: PGlite's data folder has one owner.
  const sql = await withBenchDatabase(server, async (database) => {
    const results: LoadResult[] = [];
    await deepPageByCursor(database);
    for (const shape of SHAPES) {
      const { rows, count } = operationLogPage(shape.page);
      const page = () =>
        Promise.all([
          database.sql.query(rows.text, rows.params),
          ...(shape.page.count === false ? [] : [database.sql.query(count.text, count.params)]),
        ]);
      const [found] = await page();
      if (found.rows.length !== PAGE_SIZE) throw new Error(`${shape.name}: SQL returned ${found.rows.length} rows`);
      results.push(await loopLoad(page, CONCURRENCY, SECONDS));
    }
    return results;
  });
  const ceiling = await withCeilingServer(server, async (baseUrl) => {
    const url = `${baseUrl}/page`;
    await checkPage(url, undefined, FIRST_PAGE.body);
    return httpLoad({ url, body: FIRST_PAGE.body, connections: CONCURRENCY, seconds: SECONDS });
  });

  await server.start();
  const measured: Measured[] = [];
  try {
    const token = await apiLogin(server.baseUrl);
    const url = `${server.baseUrl}/api/v3/monitor/operation/log/page`;
    for (const [i, shape] of SHAPES.entries()) {
      await checkPage(url, token, shape.body);
      const api = await httpLoad({ url, token, body: shape.body, connections: CONCURRENCY, seconds: SECONDS });
      measured.push({ sql: sql[i] as LoadResult, api, ...(shape.ceiling ? { ceiling } : {}) });
    }
  } finally {
    await server.stop();
  }
  return SHAPES.flatMap((shape, i) => shapeFigures(shape, measured[i] as Measured, ctx.database));
}

/** One call before the load: the page must be a full page, or the load would measure something else. */
async function checkPage(url: string, token: string | undefined, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: string; data?: { list?: unknown[] } };
  const rows = envelope.data?.list?.length;
  if (envelope.code !== '00000' || rows !== PAGE_SIZE) throw new Error(`${url}: ${envelope.code}, ${rows} rows`);
}

function shapeFigures(shape: Shape, m: Measured, database: DatabaseKind): Figure[] {
  const t = shape.targets[database] ?? {};
  const c = `c${CONCURRENCY}`;
  const at = (kind: 'min' | 'max', value: number | undefined) =>
    value === undefined ? {} : { target: { kind, value } };
  const figures: Figure[] = [
    { scenario: S, name: `${shape.name}: API (${c})`, value: m.api.throughput, unit: 'req/s' },
    { scenario: S, name: `${shape.name}: raw SQL in process (${c})`, value: m.sql.throughput, unit: 'req/s' },
    {
      scenario: S,
      name: `${shape.name}: API ÷ raw SQL`,
      value: m.api.throughput / m.sql.throughput,
      unit: '',
      ...at('min', t.sqlRatio),
    },
  ];
  if (m.ceiling) {
    figures.push(
      {
        scenario: S,
        name: `${shape.name}: minimal Fastify route (${c})`,
        value: m.ceiling.throughput,
        unit: 'req/s',
        note: database === 'postgres' ? 'Fastify + pg' : 'Fastify + PGlite',
      },
      {
        scenario: S,
        name: `${shape.name}: API ÷ minimal Fastify route`,
        value: m.api.throughput / m.ceiling.throughput,
        unit: '',
        ...at('min', t.ceilingRatio),
      },
    );
  }
  figures.push(
    { scenario: S, name: `${shape.name}: raw SQL p50 (${c})`, value: m.sql.p50, unit: 'ms' },
    { scenario: S, name: `${shape.name}: API p50 (${c})`, value: m.api.p50, unit: 'ms', ...at('max', t.p50) },
    { scenario: S, name: `${shape.name}: API p99 (${c})`, value: m.api.p99, unit: 'ms', ...at('max', t.p99) },
    {
      scenario: S,
      name: `${shape.name}: errors (API, SQL, ceiling)`,
      value: m.api.errors + m.sql.errors + (m.ceiling?.errors ?? 0),
      unit: '',
      target: { kind: 'max', value: 0 },
    },
  );
  return figures;
}
