import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { type ChildServer, startChildServer } from '@agent-console/server/test/child-server';
import { withBenchDatabase } from '../lib/bench-database';
import { httpLoad, type LoadResult, WARMUP_SECONDS } from '../lib/load';
import { operationLogSeedSql } from '../lib/operation-log-page';
import { repeated } from '../lib/repeat';
import { apiLogin, BENCH_ADMIN_PASSWORD, BenchServer } from '../lib/server';
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
 * httpLoad over the instances' URLs (CONCURRENCY ÷ n connections on each), with the CPU that the
 * instances and the machine spent in the timed window.
 */
async function spreadLoad(urls: string[], token: string, pids: number[]): Promise<SpreadResult> {
  let atStart = cpuSnapshot(pids);
  // httpLoad's timed window opens WARMUP_SECONDS after it starts, as this timer fires.
  const timer = setTimeout(() => {
    atStart = cpuSnapshot(pids);
  }, WARMUP_SECONDS * 1000);
  const load = await httpLoad({ url: urls, token, body: BODY, connections: CONCURRENCY, seconds: SECONDS });
  clearTimeout(timer);
  const atEnd = cpuSnapshot(pids);
  const cpuSeconds = (atEnd.at - atStart.at) / 1000;
  const calls = load.throughput * cpuSeconds;
  if (urls.length > 1) {
    process.stdout.write(`  per instance: ${load.perUrl.map((r) => `${Math.round(r)} req/s`).join(', ')}\n`);
    if (load.perUrl.some((r) => r === 0)) throw new Error('an instance served no call in the timed window');
  }
  return {
    ...load,
    serverCpuPerCall: ((atEnd.servers - atStart.servers) * 1000) / calls,
    machineCores: (atEnd.machine - atStart.machine) / cpuSeconds,
  };
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
