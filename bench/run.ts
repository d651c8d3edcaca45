import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeResults } from './lib/results';
import { type Figure, meets, type Scenario } from './lib/types';
import { apiVsSqlScenario } from './scenarios/api-vs-sql';
import { knowledgeScenario } from './scenarios/knowledge';
import { soakScenario } from './scenarios/soak';
import { webScenario } from './scenarios/web';

/**
 * `npm run bench`: every scenario in turn, each on its own fresh server and database. Prints each
 * figure against its target and writes bench/results/latest.{json,md}. Never fails the build.
 * BENCH_DATABASE_URL runs on PostgreSQL; BENCH_ONLY=web,soak picks scenarios.
 */
const SCENARIOS: Scenario[] = [apiVsSqlScenario, knowledgeScenario, webScenario, soakScenario];

/** Why a figure misses its target, when we know; shown in latest.md. */
const EXPLANATIONS: Record<string, string> = {};

async function main(): Promise<void> {
  const tmpDir = mkdtempSync(path.join(tmpdir(), 'ac-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const figures: Figure[] = [];
  const failures: Array<{ scenario: string; error: string }> = [];
  try {
    for (const scenario of SCENARIOS) {
      if (only && !only.includes(scenario.name)) continue;
      process.stdout.write(`\n== ${scenario.name} ==\n`);
      try {
        const result = await scenario.run({ tmpDir, ...(databaseUrl ? { databaseUrl } : {}) });
        for (const f of result) process.stdout.write(`${line(f)}\n`);
        figures.push(...result);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        failures.push({ scenario: scenario.name, error: message });
        process.stdout.write(`scenario failed: ${message}\n`);
      }
    }
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }
  writeResults(databaseUrl ? 'PostgreSQL' : 'embedded PGlite', figures, failures, EXPLANATIONS);
  process.stdout.write('\nWrote bench/results/latest.json and bench/results/latest.md\n');
}

function line(f: Figure): string {
  const value = Math.round(f.value * 100) / 100;
  const ok = meets(f);
  const target = f.target
    ? ` (target ${f.target.kind === 'max' ? '≤' : '≥'} ${f.target.value} ${f.unit}: ${ok ? 'met' : 'MISSED'})`
    : '';
  return `  ${f.name}: ${value} ${f.unit}${target}`;
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 0;
});
