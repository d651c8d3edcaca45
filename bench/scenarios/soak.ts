import path from 'node:path';
import { openDatabase } from '@agent-console/server/test/db';
import pg from 'pg';
import { apiLogin, startBenchServer } from '../lib/server';
import { percentile, rssMiB } from '../lib/stats';
import type { Figure, Scenario } from '../lib/types';

const CLIENTS = Number(process.env.BENCH_SOAK_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const WARMUP_SECONDS = 5;

interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/** A realistic console mix: mostly reads of the screens people keep open, one write in eight. */
function nextCall(client: number, n: number): { call: Call; write?: string } {
  const pick = n % 8;
  if (pick === 0) {
    const code = `soak-${client}-${n}`;
    return {
      call: { method: 'POST', url: '/api/v3/system/post/save', body: { code, name: `Soak ${client}/${n}` } },
      write: code,
    };
  }
  const reads: Call[] = [
    { method: 'GET', url: '/api/v3/system/user/info' },
    { method: 'GET', url: '/api/v3/system/menu/get/current/tree' },
    { method: 'POST', url: '/api/v3/system/user/page', body: { pageNum: 1, pageSize: 20 } },
    { method: 'POST', url: '/api/v3/system/post/page', body: { pageNum: 1, pageSize: 20 } },
    { method: 'POST', url: '/api/v3/monitor/operation/log/page', body: { pageNum: 1, pageSize: 20 } },
    { method: 'GET', url: '/api/v3/system/dept/tree/all' },
    { method: 'GET', url: '/api/health' },
  ];
  return { call: reads[(n + client) % reads.length] as Call };
}

/** Issue 7 scenario 5: 200 signed-in clients for 60 s; errors, lost writes and memory growth. */
export const soakScenario: Scenario = {
  name: 'soak',
  async run(ctx) {
    const server = await startBenchServer(ctx, 'soak');
    let acknowledged: string[] = [];
    const latencies: number[] = [];
    let errors = 0;
    const errorSamples = new Set<string>();
    let rssStart = Number.NaN;
    let rssEnd = Number.NaN;
    try {
      const tokens: string[] = [];
      for (let i = 0; i < CLIENTS; i++) tokens.push(await apiLogin(server.baseUrl));
      const started = Date.now();
      const end = started + SECONDS * 1000;
      const ack: string[] = [];
      const client = async (id: number) => {
        let n = 0;
        while (Date.now() < end) {
          const { call, write } = nextCall(id, n++);
          const t0 = performance.now();
          try {
            const res = await fetch(`${server.baseUrl}${call.url}`, {
              method: call.method,
              headers: { authorization: `Bearer ${tokens[id]}`, 'content-type': 'application/json' },
              ...(call.body ? { body: JSON.stringify(call.body) } : {}),
            });
            const body = (await res.json()) as { code: string };
            if (body.code === '00000') {
              if (write) ack.push(write);
            } else {
              errors++;
              errorSamples.add(`${call.url}: ${body.code}`);
            }
          } catch (err) {
            errors++;
            errorSamples.add(`${call.url}: ${(err as Error).message}`);
          }
          latencies.push(performance.now() - t0);
        }
      };
      const sampler = (async () => {
        await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
        rssStart = await rssMiB(server.pid);
      })();
      await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => client(i)), sampler]);
      rssEnd = await rssMiB(server.pid);
      acknowledged = ack;
    } finally {
      await server.stop();
    }
    const stored = await countSoakPosts(server.databaseUrl, server.dataDir);
    await server.dispose();
    latencies.sort((a, b) => a - b);
    const lost = acknowledged.length - stored;
    const s = 'soak';
    return [
      { scenario: s, name: 'requests', value: latencies.length, unit: '' },
      { scenario: s, name: 'throughput', value: latencies.length / SECONDS, unit: 'req/s' },
      { scenario: s, name: 'p50', value: percentile(latencies, 50), unit: 'ms' },
      { scenario: s, name: 'p99', value: percentile(latencies, 99), unit: 'ms' },
      {
        scenario: s,
        name: 'errors',
        value: errors,
        unit: '',
        target: { kind: 'max', value: 0 },
        ...(errorSamples.size ? { note: [...errorSamples].slice(0, 3).join('; ') } : {}),
      },
      { scenario: s, name: 'acknowledged writes', value: acknowledged.length, unit: '' },
      { scenario: s, name: 'lost writes', value: lost, unit: '', target: { kind: 'max', value: 0 } },
      {
        scenario: s,
        name: 'server memory growth',
        value: ((rssEnd - rssStart) / rssStart) * 100,
        unit: '%',
        target: { kind: 'max', value: 10 },
        note: `${Math.round(rssStart)} → ${Math.round(rssEnd)} MiB`,
      },
    ] satisfies Figure[];
  },
};

async function countSoakPosts(databaseUrl: string | undefined, dataDir: string): Promise<number> {
  const sql = "SELECT count(*)::int AS n FROM posts WHERE code LIKE 'soak-%'";
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
    } finally {
      await client.end();
    }
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return (await database.sql.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
  } finally {
    await database.close();
  }
}
