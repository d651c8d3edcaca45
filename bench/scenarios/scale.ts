import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { type ChildServer, startChildServer } from '@agent-console/server/test/child-server';
import autocannon from 'autocannon';
import { withBenchDatabase } from '../lib/bench-database';
import { type LoadResult, WARMUP_SECONDS } from '../lib/load';
import { operationLogSeedSql } from '../lib/operation-log-page';
import { repeated } from '../lib/repeat';
import { apiLogin, BENCH_ADMIN_PASSWORD, BenchServer } from '../lib/server';
import { percentile } from '../lib/stats';
import type { BenchContext, Figure, Scenario } from '../lib/types';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The same total concurrency on one instance and on two (half of the connections each). */
const CONCURRENCY = 8;
const PAGE_SIZE = 20;
const PAGE_PATH = '/api/v3/monitor/operation/log/page';
/** The list call: the operation log's first page, as in api-vs-sql. */
const BODY = { pageNum: 1, pageSize: PAGE_SIZE };
const S = 'scale';

/**
 * Issue 20: throughput of one list call with one console instance, then with two on the same
 * machine, database and data folder (each client connection pinned to one instance, half each),
 * at the same total concurrency. The ratio two ÷ one is reported, not held to a target: on a
 * machine of two cores, shared by both instances, PostgreSQL and the load generator, a second
 * process can only use the CPU one instance leaves idle and pays for itself out of it, so the
 * ratio shows that trade, not what a second machine would add; the machine's busy CPU and the
 * instances' CPU per call are reported beside it to show both sides. Several instances need
 * PostgreSQL (the embedded database has one process). Each round measures one instance, then two,
 * so drift of the machine's load touches both alike; the figures are the median of the rounds with
 * their min and max.
 */
export const scaleScenario: Scenario = {
  name: S,
  databases: ['postgres'],
  notRunBecause: 'the embedded database allows one process',
  async run(ctx: BenchContext) {
    const server = await BenchServer.create(ctx, 'scale');
    try {
      // The first start migrates and seeds; the rows go in while no instance holds the database.
      await server.start();
      await server.stop();
      await withBenchDatabase(server, (database) => database.sql.exec(operationLogSeedSql()));
      return await repeated(() => measureRound(server));
    } finally {
      await server.dispose();
    }
  },
};

async function measureRound(server: BenchServer): Promise<Figure[]> {
  let second: ChildServer | undefined;
  await server.start();
  try {
    const token = await apiLogin(server.baseUrl);
    const first = `${server.baseUrl}${PAGE_PATH}`;
    await checkPage(first, token);
    const one = await spreadLoad([first], token, [server.pid]);

    // The second instance as BenchServer starts the first (its own port, freePort), on the same
    // DATABASE_URL and DATA_DIR: the same secret key and gateway secrets, so the first's token holds.
    if (!server.databaseUrl) throw new Error('two instances need PostgreSQL');
    second = await startChildServer({
      DATA_DIR: server.dataDir,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOGIN_RATE_LIMIT: '100000',
      DATABASE_URL: server.databaseUrl,
    });
    const other = `${second.baseUrl}${PAGE_PATH}`;
    await checkPage(other, token);
    const two = await spreadLoad([first, other], token, [server.pid, second.process.pid ?? -1]);
    return figures(one, two);
  } finally {
    await second?.stop();
    await server.stop();
  }
}

interface SpreadResult extends LoadResult {
  /** Calls a second in the timed window per instance, in the order of the URLs. */
  perInstance: number[];
  /** CPU the instances used in the timed window per call served, in milliseconds. */
  serverCpuPerCall: number;
  /** CPU the whole machine used in the timed window (instances, PostgreSQL, load generator, other work), in cores. */
  machineCores: number;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds a process used so far, all its threads (fields 14 and 15 of /proc/<pid>/stat). */
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU seconds the machine spent busy so far, every core (the first line of /proc/stat, less idle and iowait). */
function machineCpuSeconds(): number {
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - (ticks[3] ?? 0) - (ticks[4] ?? 0)) / CLOCK_TICKS;
}

/** The CPU seconds of the instances and of the machine at one moment. */
function cpuSnapshot(pids: number[]) {
  return {
    at: performance.now(),
    servers: pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0),
    machine: machineCpuSeconds(),
  };
}

/**
 * httpLoad's shape (keep-alive autocannon clients, WARMUP_SECONDS of load on those same
 * connections, then the timed window of SECONDS, judged by each call's end) over several URLs:
 * autocannon pins client i to URL i mod n, so CONCURRENCY ÷ n connections stay on each instance.
 */
async function spreadLoad(urls: string[], token: string, pids: number[]): Promise<SpreadResult> {
  const start = performance.now() + WARMUP_SECONDS * 1000;
  let atStart = cpuSnapshot(pids);
  const timer = setTimeout(() => {
    atStart = cpuSnapshot(pids);
  }, WARMUP_SECONDS * 1000);
  const ports = urls.map((u) => new URL(u).port);
  const latencies: number[] = [];
  const perInstance = urls.map(() => 0);
  let errors = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        // autocannon takes several URLs (its README: "More than one URL is allowed"); its types say one.
        url: urls as unknown as string,
        method: 'POST',
        connections: CONCURRENCY,
        duration: WARMUP_SECONDS + SECONDS,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(BODY),
      },
      (err) => (err ? reject(err) : resolve()),
    );
    instance.on('response', (client, status, _bytes, ms) => {
      if (performance.now() < start) return;
      latencies.push(ms);
      if (status < 200 || status > 299) errors++;
      const at = ports.indexOf(String((client as unknown as { opts: { port: number } }).opts.port));
      if (at >= 0) perInstance[at] = (perInstance[at] ?? 0) + 1;
    });
    instance.on('reqError', () => {
      if (performance.now() >= start) errors++;
    });
  });
  clearTimeout(timer);
  const atEnd = cpuSnapshot(pids);
  const seconds = (performance.now() - start) / 1000;
  const cpuSeconds = (atEnd.at - atStart.at) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const result = {
    throughput: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    errors,
    perInstance: perInstance.map((n) => n / seconds),
    serverCpuPerCall: ((atEnd.servers - atStart.servers) * 1000) / sorted.length,
    machineCores: (atEnd.machine - atStart.machine) / cpuSeconds,
  };
  if (urls.length > 1) {
    process.stdout.write(`  per instance: ${result.perInstance.map((r) => `${Math.round(r)} req/s`).join(', ')}\n`);
    if (result.perInstance.some((r) => r === 0)) throw new Error('an instance served no call in the timed window');
  }
  return result;
}

/** One call before the load: the page must be a full page, or the load would measure something else. */
async function checkPage(url: string, token: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(BODY),
  });
  const envelope = (await res.json()) as { code: string; data?: { list?: unknown[] } };
  const rows = envelope.data?.list?.length;
  if (envelope.code !== '00000' || rows !== PAGE_SIZE) throw new Error(`${url}: ${envelope.code}, ${rows} rows`);
}

function figures(one: SpreadResult, two: SpreadResult): Figure[] {
  const c = `c${CONCURRENCY}`;
  const half = `c${CONCURRENCY / 2} each`;
  const n = cpus().length;
  return [
    { scenario: S, name: `first page: one instance (${c})`, value: one.throughput, unit: 'req/s' },
    { scenario: S, name: `first page: two instances (${half})`, value: two.throughput, unit: 'req/s' },
    {
      scenario: S,
      name: 'first page: two instances ÷ one',
      value: two.throughput / one.throughput,
      unit: '',
      note:
        `no target: both instances share the machine's ${n} cores with PostgreSQL and the load generator, ` +
        'so a second process gains only the CPU one instance leaves idle, and pays for itself out of it: ' +
        'the rows below show both (machine CPU busy, CPU per call)',
    },
    { scenario: S, name: `first page: one instance p99 (${c})`, value: one.p99, unit: 'ms' },
    { scenario: S, name: `first page: two instances p99 (${half})`, value: two.p99, unit: 'ms' },
    {
      scenario: S,
      name: 'one instance: machine CPU busy (cores)',
      value: one.machineCores,
      unit: '',
      note: `of ${n}, in the timed window: instances, PostgreSQL, load generator and any other work`,
    },
    { scenario: S, name: 'two instances: machine CPU busy (cores)', value: two.machineCores, unit: '' },
    {
      scenario: S,
      name: 'one instance: its CPU per call',
      value: one.serverCpuPerCall,
      unit: 'ms',
      note: 'CPU time of the console process (all its threads) ÷ calls served, in the timed window',
    },
    { scenario: S, name: 'two instances: their CPU per call', value: two.serverCpuPerCall, unit: 'ms' },
    {
      scenario: S,
      name: 'first page: errors (one, two)',
      value: one.errors + two.errors,
      unit: '',
      target: { kind: 'max', value: 0 },
    },
  ];
}
