import { withBenchDatabase } from '../lib/bench-database';
import { apiLogin, type BenchServer, type HeapReading, startBenchServer } from '../lib/server';
import { percentile, rssMiB } from '../lib/stats';
import type { BenchContext, Figure, Scenario } from '../lib/types';

const CLIENTS = Number(process.env.BENCH_SOAK_CLIENTS ?? 200);
/** Issue 38: ten minutes, long enough to tell a leak (growth that goes on) from growth that stops. */
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
/** Long enough for the caches a console fills (sessions, menus, prepared plans) to be full. */
const WARMUP_SECONDS = 30;
/** How often the heap is read after a forced collection during the window. */
const HEAP_EVERY_SECONDS = Math.max(1, Math.min(60, SECONDS / 10));

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

interface Outcome {
  status: 'ok' | 'failed';
  ms: number;
  sample?: string;
}

/** One call as a signed-in console sends it; its wait, and on failure a sample for the report. */
async function send(baseUrl: string, token: string | undefined, call: Call): Promise<Outcome> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${baseUrl}${call.url}`, {
      method: call.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(call.body ? { body: JSON.stringify(call.body) } : {}),
    });
    const body = (await res.json()) as { code: string };
    const ms = performance.now() - t0;
    return body.code === '00000' ? { status: 'ok', ms } : { status: 'failed', ms, sample: `${call.url}: ${body.code}` };
  } catch (err) {
    return { status: 'failed', ms: performance.now() - t0, sample: `${call.url}: ${(err as Error).message}` };
  }
}

/**
 * Issue 7 scenario 5 and issue 19: 200 signed-in clients on one server. First the connection
 * storm, measured on purpose: every client opens its connection and asks for its user at the same
 * moment, as when a console's users all come back at once. Then, on those open connections, a
 * warm-up and the timed window of ten minutes: errors, lost writes, latency and memory growth,
 * the JavaScript heap read after a forced full collection every minute (issue 38), so what is
 * still referenced is told from garbage not yet collected.
 */
export const soakScenario: Scenario = {
  name: 'soak',
  async run(ctx) {
    const server = await startBenchServer(ctx, 'soak', {}, { heapProbe: true });
    try {
      return await soak(ctx, server);
    } finally {
      await server.dispose();
    }
  },
};

async function soak(ctx: BenchContext, server: BenchServer): Promise<Figure[]> {
  const storm: number[] = [];
  const latencies: number[] = [];
  const acknowledged: string[] = [];
  let errors = 0;
  const errorSamples = new Set<string>();
  const count = (o: Outcome) => {
    if (o.status === 'failed') errors++;
    if (o.sample) errorSamples.add(o.sample);
  };
  let rssStart = Number.NaN;
  let rssEnd = Number.NaN;
  const heaps: HeapReading[] = [];
  try {
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) tokens.push(await apiLogin(server.baseUrl));
    const first: Call = { method: 'GET', url: '/api/v3/system/user/info' };
    for (const o of await Promise.all(tokens.map((token) => send(server.baseUrl, token, first)))) {
      storm.push(o.ms);
      count(o);
    }
    const windowStart = Date.now() + WARMUP_SECONDS * 1000;
    const end = windowStart + SECONDS * 1000;
    const client = async (id: number) => {
      for (let n = 0; Date.now() < end; n++) {
        const { call, write } = nextCall(id, n);
        const timed = Date.now() >= windowStart;
        const o = await send(server.baseUrl, tokens[id], call);
        count(o);
        if (write && o.status === 'ok') acknowledged.push(write);
        if (timed) latencies.push(o.ms);
      }
    };
    const sampler = (async () => {
      await new Promise((r) => setTimeout(r, windowStart - Date.now()));
      rssStart = await rssMiB(server.pid);
      for (let at = windowStart; at < end; at += HEAP_EVERY_SECONDS * 1000) {
        await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
        heaps.push(await server.heapAfterCollection());
      }
    })();
    await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => client(i)), sampler]);
    rssEnd = await rssMiB(server.pid);
    heaps.push(await server.heapAfterCollection());
  } finally {
    await server.stop();
  }
  const stored = await withBenchDatabase(server, async (database) => {
    const sql = "SELECT count(*)::int AS n FROM posts WHERE code LIKE 'soak-%'";
    return (await database.sql.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
  });
  latencies.sort((a, b) => a - b);
  storm.sort((a, b) => a - b);
  // Issue 19's targets are for the embedded database, where the server thread also runs the queries.
  const tail = (value: number) => (ctx.database === 'pglite' ? { target: { kind: 'max' as const, value } } : {});
  const s = 'soak';
  return [
    {
      scenario: s,
      name: `connection storm: ${CLIENTS} clients connect at once (on purpose): p50`,
      value: percentile(storm, 50),
      unit: 'ms',
    },
    {
      scenario: s,
      name: `connection storm: ${CLIENTS} clients connect at once (on purpose): longest wait`,
      value: storm.at(-1) ?? Number.NaN,
      unit: 'ms',
      ...tail(2000),
    },
    { scenario: s, name: 'requests', value: latencies.length, unit: '' },
    { scenario: s, name: 'throughput', value: latencies.length / SECONDS, unit: 'req/s' },
    { scenario: s, name: 'p50', value: percentile(latencies, 50), unit: 'ms' },
    { scenario: s, name: 'p99', value: percentile(latencies, 99), unit: 'ms', ...tail(1000) },
    { scenario: s, name: 'longest wait', value: latencies.at(-1) ?? Number.NaN, unit: 'ms', ...tail(2000) },
    {
      scenario: s,
      name: 'errors',
      value: errors,
      unit: '',
      target: { kind: 'max', value: 0 },
      ...(errorSamples.size ? { note: [...errorSamples].slice(0, 3).join('; ') } : {}),
    },
    { scenario: s, name: 'acknowledged writes', value: acknowledged.length, unit: '' },
    {
      scenario: s,
      name: 'lost writes',
      value: acknowledged.length - stored,
      unit: '',
      target: { kind: 'max', value: 0 },
    },
    ...heapFigures(heaps),
    {
      scenario: s,
      name: 'server memory growth',
      value: ((rssEnd - rssStart) / rssStart) * 100,
      unit: '%',
      target: { kind: 'max', value: 10 },
      note: `${Math.round(rssStart)} → ${Math.round(rssEnd)} MiB`,
    },
  ] satisfies Figure[];
}

const mib = (bytes: number) => bytes / 1024 / 1024;
const growth = (from: number, to: number) => ((to - from) / from) * 100;

/**
 * The JavaScript heap after a forced full collection: over the whole window (issue 38's target),
 * and over its second half, which shows whether growth goes on (a leak) or has stopped.
 */
function heapFigures(heaps: readonly HeapReading[]): Figure[] {
  const first = heaps[0];
  const last = heaps.at(-1);
  const middle = heaps[Math.floor((heaps.length - 1) / 2)];
  if (!first || !last || !middle) return [];
  const series = heaps.map((h) => Math.round(mib(h.heapUsed))).join(', ');
  return [
    {
      scenario: 'soak',
      name: 'heap after a forced collection: growth over the window',
      value: growth(first.heapUsed, last.heapUsed),
      unit: '%',
      target: { kind: 'max', value: 5 },
      note: `${mib(first.heapUsed).toFixed(1)} → ${mib(last.heapUsed).toFixed(1)} MiB; every ${HEAP_EVERY_SECONDS} s: ${series} MiB; external ${Math.round(mib(first.external))} → ${Math.round(mib(last.external))} MiB`,
    },
    {
      scenario: 'soak',
      name: 'heap after a forced collection: growth over the second half',
      value: growth(middle.heapUsed, last.heapUsed),
      unit: '%',
      note: `${mib(middle.heapUsed).toFixed(1)} → ${mib(last.heapUsed).toFixed(1)} MiB`,
    },
  ];
}
