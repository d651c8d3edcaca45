import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Machine } from './machine';
import { inScenarioOrder, renderResults } from './results-md';
import type { DatabaseKind, Figure, Scenario } from './types';

const dir = path.resolve(import.meta.dirname, '../results');
const jsonPath = path.join(dir, 'latest.json');

/** When a scenario was last measured on a database, and how busy the machine was around it. */
export interface ScenarioRun {
  date: string;
  seconds?: number;
  /** One-minute load average before and after the scenario. */
  loadBefore?: number;
  loadAfter?: number;
  /** The CPU it ran on: the machine row shows the last run's, and runs carried over may predate it. */
  cpuModel?: string;
}

export interface Failure {
  scenario: string;
  error: string;
}

/** The latest figures of one database: those of its last run and those carried over from earlier runs. */
export interface DatabaseRecord {
  /** The last run on this database and the scenarios it ran. */
  date: string;
  scenarios: string[];
  machine: Machine;
  runs: Record<string, ScenarioRun>;
  figures: Figure[];
  failures: Failure[];
}

/** latest.json: one record per database, shown side by side in latest.md. */
export type Results = Partial<Record<DatabaseKind, DatabaseRecord>>;

export interface RunOutcome {
  database: DatabaseKind;
  machine: Machine;
  /** Scenarios run this time; `scenarios` is every scenario, in the bench's order. */
  ran: string[];
  scenarios: Array<Pick<Scenario, 'name' | 'databases' | 'notRunBecause'>>;
  runs: Record<string, ScenarioRun>;
  figures: Figure[];
  failures: Failure[];
}

/**
 * Writes latest.json and latest.md. Only this run's database changes: its figures of the scenarios
 * run are replaced, those of the others are kept, each marked with the date it was measured, so
 * that latest.* always holds every scenario on both databases.
 */
export function writeResults(run: RunOutcome, explanations: Record<string, string>): void {
  const previous = readResults();
  const before = previous[run.database];
  const date = new Date().toISOString();
  const carried = (before?.figures ?? [])
    .filter((f) => !run.ran.includes(f.scenario))
    .map((f) => ({ ...f, measuredAt: f.measuredAt ?? before?.date ?? date }));
  const earlier = new Map(before?.figures.map((f) => [`${f.scenario}/${f.name}`, f.value]));
  const measured = run.figures.map((f) => {
    const previous = earlier.get(`${f.scenario}/${f.name}`);
    return previous === undefined ? f : { ...f, previous };
  });
  const figures = inScenarioOrder(
    [...carried, ...measured],
    run.scenarios.map((sc) => sc.name),
  );
  // Runs recorded before runs kept their CPU ran on the machine of the run that recorded them.
  const runs: Record<string, ScenarioRun> = Object.fromEntries(
    Object.entries(before?.runs ?? {}).map(([name, r]) => [
      name,
      { ...r, cpuModel: r.cpuModel ?? before?.machine.cpuModel },
    ]),
  );
  for (const name of run.ran) {
    const r = run.runs[name];
    if (r) runs[name] = r;
  }
  const results: Results = {
    ...previous,
    [run.database]: {
      date,
      scenarios: run.ran,
      machine: run.machine,
      runs,
      figures,
      failures: run.failures,
    },
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
  writeReport(results, explanations, run.scenarios);
}

/** Writes latest.md again from latest.json (after an explanation was written), measuring nothing. */
export function rewriteReport(explanations: Record<string, string>, scenarios: RunOutcome['scenarios']): void {
  writeReport(readResults(), explanations, scenarios);
}

function writeReport(results: Results, explanations: Record<string, string>, scenarios: RunOutcome['scenarios']) {
  writeFileSync(path.join(dir, 'latest.md'), renderResults(results, explanations, scenarios));
}

function readResults(): Results {
  return existsSync(jsonPath) ? fromJson(JSON.parse(readFileSync(jsonPath, 'utf8'))) : {};
}

/** Before issue 19, latest.json held the one database of the last run; read it as that database's record. */
interface LegacyRecord {
  date: string;
  database: string;
  scenarios?: string[];
  machine: { cpus: number; memoryGiB: number; node: string };
  figures: Figure[];
  failures: Failure[];
}

function fromJson(json: Results | LegacyRecord): Results {
  if (!('figures' in json)) return json as Results;
  const legacy = json as LegacyRecord;
  const runs: Record<string, ScenarioRun> = {};
  for (const f of legacy.figures) runs[f.scenario] ??= { date: f.measuredAt ?? legacy.date };
  const record: DatabaseRecord = {
    date: legacy.date,
    scenarios: legacy.scenarios ?? [],
    machine: { ...legacy.machine, cpuModel: 'not recorded' },
    runs,
    figures: legacy.figures,
    failures: legacy.failures,
  };
  return legacy.database === 'PostgreSQL' ? { postgres: record } : { pglite: record };
}
