import { randomUUID } from 'node:crypto';
import { storeIncomingMessage } from '@agent-console/server/test/internals';
import { openBenchDatabase, withBenchDatabase } from '../lib/bench-database';
import { type LoadResult, loopLoad } from '../lib/load';
import { repeated } from '../lib/repeat';
import { apiLogin, BenchServer } from '../lib/server';
import type { BenchContext, Figure, Scenario } from '../lib/types';

const CONTACTS = Number(process.env.BENCH_METRICS_CONTACTS ?? 10_000);
const PER_CONTACT = Number(process.env.BENCH_METRICS_PER_CONTACT ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Messages a session has in the generated history: 10 sessions of 10 messages per contact. */
const PER_SESSION = 10;
const DAYS = 30;
const ACCOUNT_WC_ID = 'wxid_bench_metrics';

/**
 * One account of customer 1 with its contacts, their messages over the last 30 days (sessions of
 * ten messages, a minute apart, alternating in and out), and the roll-ups exactly as the write
 * path leaves them for that history: one `contact_sessions` row per session and the daily
 * counters summed from them.
 */
function seedSql(): string {
  const sessions = PER_CONTACT / PER_SESSION;
  const gap = `(interval '${DAYS} days' / ${sessions})`;
  return `
INSERT INTO chat_accounts (customer_id, wc_id, account, login_status, nickname)
VALUES (1, '${ACCOUNT_WC_ID}', 'bench', 'online', 'Bench account');

INSERT INTO chat_contacts (customer_id, account_id, wc_id, nickname)
SELECT 1, a.id, 'wxid_c' || c, 'Contact ' || c
FROM generate_series(1, ${CONTACTS}) AS c, chat_accounts a WHERE a.wc_id = '${ACCOUNT_WC_ID}';

INSERT INTO chat_messages (customer_id, account_id, contact_id, peer_wc_id, direction, type, content, status, source, sent_at, created_at)
SELECT 1, k.account_id, k.id, k.wc_id,
  CASE WHEN m % 2 = 0 THEN 'in' ELSE 'out' END, 'text', 'message ' || m,
  CASE WHEN m % 2 = 0 THEN 'received' ELSE 'sent' END,
  CASE WHEN m % 2 = 0 THEN 'gateway' ELSE 'agent' END,
  t, t
FROM chat_contacts k
CROSS JOIN generate_series(0, ${PER_CONTACT - 1}) AS m
CROSS JOIN LATERAL (SELECT date_trunc('day', now()) - interval '${DAYS - 1} days'
  + (m / ${PER_SESSION}) * ${gap} + (k.id % 36000) * interval '1 second' + (m % ${PER_SESSION}) * interval '1 minute' AS t) times
WHERE k.customer_id = 1;

INSERT INTO contact_sessions (customer_id, account_id, peer_wc_id, started_at, last_at, first_in_at, first_response_ms,
  messages_in, messages_out, agent_replies)
SELECT 1, account_id, peer_wc_id, min(sent_at), max(sent_at), min(sent_at), 60000,
  count(*) FILTER (WHERE direction = 'in'), count(*) FILTER (WHERE direction = 'out'),
  count(*) FILTER (WHERE direction = 'out')
FROM chat_messages WHERE customer_id = 1
GROUP BY account_id, peer_wc_id, substring(content from 9)::int / ${PER_SESSION};

INSERT INTO metrics_daily (customer_id, day, messages_in, messages_out, agent_replies, agent_answered, sessions,
  active_sessions, first_responses, first_response_ms_sum)
SELECT 1, started_at::date, sum(messages_in), sum(messages_out), sum(agent_replies), sum(agent_replies), count(*),
  count(*), count(*), count(*) * 60000
FROM contact_sessions WHERE customer_id = 1 GROUP BY started_at::date;
ANALYZE chat_messages; ANALYZE contact_sessions; ANALYZE metrics_daily; ANALYZE chat_contacts;`;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Latency with one caller of a console call: GET, or POST with a JSON body. */
async function callLoad(url: string, token: string, body?: unknown): Promise<LoadResult> {
  return loopLoad(
    async () => {
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const envelope = (await res.json()) as { code: string };
      if (envelope.code !== '00000') throw new Error(envelope.code);
    },
    1,
    SECONDS,
  );
}

/**
 * Issue 17: the metrics on 1,000,000 messages over 10,000 contacts — the session-metrics first
 * page and the dashboard (one caller, p50), and how many incoming messages a second the message
 * log stores with its roll-ups (the write path itself, four writers, the server stopped). Seeded
 * once, measured three times (median, min, max).
 */
export const metricsScenario: Scenario = {
  name: 'metrics',
  async run(ctx: BenchContext) {
    const server = await BenchServer.create(ctx, 'metrics');
    try {
      await server.start();
      await server.stop();
      await withBenchDatabase(server, (database) => database.sql.exec(seedSql()));
      return await repeated(async () => [...(await measureWrites(server, ctx)), ...(await measureReads(ctx, server))]);
    } finally {
      await server.dispose();
    }
  },
};

const S = 'metrics';

/**
 * The write path in the bench process, four writers, while the server is stopped. Messages that
 * arrive while others are being written go in one transaction (gateway-callback/incoming-batch.ts),
 * so four writers make batches of two or three.
 */
async function measureWrites(server: BenchServer, ctx: BenchContext): Promise<Figure[]> {
  const database = await openBenchDatabase(server, 8);
  try {
    const [account] = (await database.sql.query(`SELECT id FROM chat_accounts WHERE wc_id = '${ACCOUNT_WC_ID}'`))
      .rows as { id: number }[];
    if (!account) throw new Error('bench account not seeded');
    let n = 0;
    const writes = await loopLoad(
      async () => {
        n++;
        await storeIncomingMessage(
          database.db,
          { id: account.id, customerId: 1 },
          {
            kind: 'message',
            msgId: randomUUID(),
            wcId: ACCOUNT_WC_ID,
            fromWcId: `wxid_c${1 + (n % CONTACTS)}`,
            type: 'text',
            content: `incoming ${n}`,
            at: new Date(),
          },
        );
      },
      4,
      SECONDS,
    );
    return [
      {
        scenario: S,
        name: 'roll-ups: incoming messages stored per second',
        value: writes.throughput,
        unit: 'messages/s',
        // Issue 38: 400 a second on PostgreSQL, 250 on the embedded database.
        target: { kind: 'min', value: ctx.database === 'postgres' ? 400 : 250 },
      },
      {
        scenario: S,
        name: 'roll-ups: write errors',
        value: writes.errors,
        unit: '',
        target: { kind: 'max', value: 0 },
      },
    ];
  } finally {
    await database.close();
  }
}

/** The session-metrics page and the dashboard through the API, one caller each. */
async function measureReads(ctx: BenchContext, server: BenchServer): Promise<Figure[]> {
  await server.start();
  try {
    const token = await apiLogin(server.baseUrl);
    const target = ctx.database === 'postgres' ? 100 : 300;
    const period = { dateFrom: day(-(DAYS - 1)), dateTo: day(0) };
    const page = await callLoad(`${server.baseUrl}/api/v3/metrics/customer/session/list/page`, token, {
      pageNum: 1,
      pageSize: 20,
      customerId: 1,
      ...period,
    });
    const dashboard = await callLoad(
      `${server.baseUrl}/api/v3/metrics/dashboard?customerId=1&dateFrom=${period.dateFrom}&dateTo=${period.dateTo}`,
      token,
    );
    const figures: Figure[] = [];
    for (const [name, result] of [
      ['session metrics first page', page],
      ['dashboard', dashboard],
    ] as const) {
      figures.push(
        { scenario: S, name: `${name}: p50`, value: result.p50, unit: 'ms', target: { kind: 'max', value: target } },
        { scenario: S, name: `${name}: p99`, value: result.p99, unit: 'ms' },
        { scenario: S, name: `${name}: errors`, value: result.errors, unit: '', target: { kind: 'max', value: 0 } },
      );
    }
    return figures;
  } finally {
    await server.stop();
  }
}
