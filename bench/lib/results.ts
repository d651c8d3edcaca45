import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Figure, meets } from './types';

const dir = path.resolve(import.meta.dirname, '../results');

interface RunRecord {
  date: string;
  database: string;
  /** Scenarios run this time; the other figures are carried over from earlier runs. */
  scenarios?: string[];
  machine: { cpus: number; memoryGiB: number; node: string };
  figures: Figure[];
  failures: Array<{ scenario: string; error: string }>;
}

/**
 * Writes latest.json and latest.md, with the previous run's figures beside the new ones. When only
 * some scenarios ran (`scope.ran`), the figures of the others are kept from the previous record,
 * each marked with the date it was measured, so that latest.* always holds every scenario.
 */
export function writeResults(
  database: string,
  figures: Figure[],
  failures: RunRecord['failures'],
  explanations: Record<string, string>,
  scope?: { ran: string[]; order: string[] },
) {
  mkdirSync(dir, { recursive: true });
  const jsonPath = path.join(dir, 'latest.json');
  const previous: RunRecord | undefined = existsSync(jsonPath) ? JSON.parse(readFileSync(jsonPath, 'utf8')) : undefined;
  const carried =
    previous && scope
      ? previous.figures
          .filter((f) => !scope.ran.includes(f.scenario))
          .map((f) => ({ ...f, measuredAt: f.measuredAt ?? previous.date }))
      : [];
  const rank = (f: Figure) => {
    const at = scope?.order.indexOf(f.scenario) ?? -1;
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const all = [...carried, ...figures].map((f, i) => ({ f, i }));
  all.sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i);
  const record: RunRecord = {
    date: new Date().toISOString(),
    database,
    ...(scope ? { scenarios: scope.ran } : {}),
    machine: { cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    figures: all.map((x) => x.f),
    failures,
  };
  writeFileSync(jsonPath, `${JSON.stringify(record, null, 2)}\n`);
  writeFileSync(path.join(dir, 'latest.md'), markdown(record, previous, explanations));
}

function fmt(value: number, unit: string): string {
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
  return `${rounded} ${unit}`.trim();
}

function markdown(run: RunRecord, previous: RunRecord | undefined, explanations: Record<string, string>): string {
  const prev = new Map(previous?.figures.map((f) => [`${f.scenario}/${f.name}`, f]) ?? []);
  const lines = [
    '# Benchmark results',
    '',
    `Run ${run.date} on ${run.database}; ${run.machine.cpus} cores, ${run.machine.memoryGiB} GiB, Node ${run.machine.node}.`,
    previous ? `Previous run: ${previous.date} on ${previous.database}.` : 'No previous run.',
    ...(run.scenarios && run.figures.some((f) => f.measuredAt)
      ? [
          '',
          `This run: ${run.scenarios.join(', ')}. Figures of the other scenarios are carried over from the run named beside them.`,
        ]
      : []),
    '',
    '| scenario | figure | value | target | met | previous |',
    '|---|---|---|---|---|---|',
  ];
  for (const f of run.figures) {
    const p = prev.get(`${f.scenario}/${f.name}`);
    const ok = meets(f);
    const target = f.target ? `${f.target.kind === 'max' ? '≤' : '≥'} ${fmt(f.target.value, f.unit)}` : '—';
    lines.push(
      `| ${f.scenario} | ${f.name}${f.note ? ` (${f.note})` : ''}${f.measuredAt ? ` — measured ${f.measuredAt.slice(0, 10)}` : ''} | ${fmt(f.value, f.unit)} | ${target} | ${ok === undefined ? '' : ok ? 'yes' : '**no**'} | ${p ? fmt(p.value, p.unit) : '—'} |`,
    );
  }
  if (run.failures.length) {
    lines.push('', '## Scenarios that did not run to the end', '');
    for (const f of run.failures) lines.push(`- **${f.scenario}**: ${f.error}`);
  }
  const missed = run.figures.filter((f) => meets(f) === false);
  if (missed.length) {
    lines.push('', '## Missed targets and what it would take', '');
    for (const f of missed) {
      const why = explanations[`${f.scenario}/${f.name}`] ?? explanations[f.scenario] ?? 'Not yet analysed.';
      lines.push(`- **${f.scenario} / ${f.name}**: ${why}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
