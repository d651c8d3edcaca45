import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXPLANATIONS } from './lib/explanations';
import { describeMachine, loadAverage } from './lib/machine';
import { type Failure, rewriteReport, type ScenarioRun, writeResults } from './lib/results';
import { type BenchContext, DATABASE_LABELS, type DatabaseKind, type Figure, meets, type Scenario } from './lib/types';
import { agentScenario } from './scenarios/agent';
import { answersScenario } from './scenarios/answers';
import { apiVsSqlScenario } from './scenarios/api-vs-sql';
import { growthScenario } from './scenarios/growth';
import { hostileScenario } from './scenarios/hostile';
import { knowledgeScenario } from './scenarios/knowledge';
import { metricsScenario } from './scenarios/metrics';
import { scaleScenario } from './scenarios/scale';
import { soakScenario } from './scenarios/soak';
import { vectorsScenario } from './scenarios/vectors';
import { webScenario } from './scenarios/web';

/**
 * `npm run bench`: every scenario in turn, each on its own fresh server and database, on the
 * embedded PGlite; `npm run bench -- --db postgres` on PostgreSQL (BENCH_DATABASE_URL, by default
 * the local server; each scenario creates its own database there and drops it after).
 * BENCH_ONLY=web,soak picks scenarios (the figures of the others are kept from their last run).
 * Prints each figure against its target and writes bench/results/latest.{json,md}, both databases
 * side by side; `--report` only writes latest.md again from latest.json. Never fails the build.
 */
const SCENARIOS: Scenario[] = [
  apiVsSqlScenario,
  scaleScenario,
  knowledgeScenario,
  hostileScenario,
  agentScenario,
  growthScenario,
  vectorsScenario,
  answersScenario,
  metricsScenario,
  webScenario,
  soakScenario,
];

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

interface Options {
  database: DatabaseKind;
  databaseUrl?: string;
  /** `--report`: write latest.md again from latest.json, measuring nothing. */
  reportOnly: boolean;
}

function options(): Options {
  // `npx tsx bench/run.ts -- --db postgres` passes the `--` on; `npm run bench -- --db …` does not.
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const { values } = parseArgs({
    args,
    options: { db: { type: 'string' }, report: { type: 'boolean', default: false } },
    strict: true,
  });
  const reportOnly = values.report;
  const db = values.db ?? (process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite');
  if (db === 'pglite') return { database: 'pglite', reportOnly };
  if (db === 'postgres') {
    return { database: 'postgres', databaseUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL, reportOnly };
  }
  throw new Error(`--db must be pglite or postgres, not "${db}"`);
}

async function main({ database, databaseUrl, reportOnly }: Options): Promise<void> {
  if (reportOnly) {
    rewriteReport(EXPLANATIONS, SCENARIOS);
    process.stdout.write('Wrote bench/results/latest.md\n');
    return;
  }
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const chosen = SCENARIOS.filter(
    (sc) => (!only || only.includes(sc.name)) && (sc.databases ?? [database]).includes(database),
  );
  const machine = await describeMachine(databaseUrl);
  const tmpDir = mkdtempSync(path.join(tmpdir(), 'ac-bench-'));
  const ctx: BenchContext = { database, tmpDir, ...(databaseUrl ? { databaseUrl } : {}) };
  process.stdout.write(`Bench on ${DATABASE_LABELS[database]}: ${chosen.map((sc) => sc.name).join(', ')}\n`);
  const figures: Figure[] = [];
  const failures: Failure[] = [];
  const runs: Record<string, ScenarioRun> = {};
  try {
    for (const scenario of chosen) {
      const loadBefore = loadAverage();
      process.stdout.write(`\n== ${scenario.name} (load average ${loadBefore}) ==\n`);
      const started = Date.now();
      try {
        const result = await scenario.run(ctx);
        for (const f of result) process.stdout.write(`${line(f)}\n`);
        figures.push(...result);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        failures.push({ scenario: scenario.name, error: message });
        process.stdout.write(`scenario failed: ${message}\n`);
      }
      runs[scenario.name] = {
        date: new Date(started).toISOString(),
        seconds: (Date.now() - started) / 1000,
        loadBefore,
        loadAfter: loadAverage(),
        cpuModel: machine.cpuModel,
      };
    }
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }
  writeResults(
    {
      database,
      machine,
      ran: chosen.map((sc) => sc.name),
      scenarios: SCENARIOS,
      runs,
      figures,
      failures,
    },
    EXPLANATIONS,
  );
  process.stdout.write('\nWrote bench/results/latest.json and bench/results/latest.md\n');
}

function line(f: Figure): string {
  const value = Math.round(f.value * 100) / 100;
  const spread = f.runs ? ` [${Math.round((f.min ?? 0) * 100) / 100}–${Math.round((f.max ?? 0) * 100) / 100}]` : '';
  const ok = meets(f);
  const target = f.target
    ? ` (target ${f.target.kind === 'max' ? '≤' : '≥'} ${f.target.value}${f.unit ? ` ${f.unit}` : ''}: ${ok ? 'met' : 'MISSED'})`
    : '';
  return `  ${f.name}: ${value}${f.unit ? ` ${f.unit}` : ''}${spread}${target}`;
}

let target: Options;
try {
  target = options();
} catch (err) {
  process.stderr.write(
    `${err instanceof Error ? err.message : String(err)}\nUsage: npm run bench [-- --db pglite|postgres] [--report]\n`,
  );
  process.exit(2);
}
main(target).catch((err) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 0;
});
