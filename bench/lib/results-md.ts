import type { Machine } from './machine';
import type { DatabaseRecord, Results, ScenarioRun } from './results';
import { DATABASE_LABELS, type DatabaseKind, type Figure, meets, type Scenario } from './types';

const DATABASES: DatabaseKind[] = ['pglite', 'postgres'];

const key = (f: Figure) => `${f.scenario}/${f.name}`;

function fmt(value: number, unit = ''): string {
  if (Number.isNaN(value)) return 'n/a';
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
  return `${rounded.toLocaleString('en-US')} ${unit}`.trim();
}

function targetText(f: Figure | undefined): string {
  if (!f?.target) return '—';
  return `${f.target.kind === 'max' ? '≤' : '≥'} ${fmt(f.target.value, f.unit)}`;
}

/** A figure's cell: the value (the median of its runs), [min–max], met or not, the previous value, its note. */
function cell(f: Figure | undefined): string {
  if (!f) return '—';
  const parts = [fmt(f.value, f.unit)];
  if (f.runs && f.min !== undefined && f.max !== undefined) parts.push(`[${fmt(f.min)}–${fmt(f.max)}]`);
  const ok = meets(f);
  if (ok !== undefined) parts.push(ok ? '✓' : '**✗**');
  if (f.previous !== undefined) parts.push(`(prev. ${fmt(f.previous, f.unit)})`);
  if (f.note) parts.push(`— ${f.note}`);
  return parts.join(' ').replaceAll('|', '\\|');
}

function machineText(m: Machine): string {
  const db = m.postgres ? `, PostgreSQL ${m.postgres}` : '';
  return `${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}${db}`;
}

function runText(r: ScenarioRun | undefined, figures: Figure[], machineCpu: string | undefined): string {
  if (!r) return '—';
  const runs = Math.max(1, ...figures.map((f) => f.runs ?? 1));
  const parts = [r.date.slice(0, 16).replace('T', ' '), runs > 1 ? `${runs} runs` : 'one run'];
  if (r.seconds !== undefined) parts.push(`${Math.round(r.seconds)} s`);
  if (r.loadBefore !== undefined) parts.push(`load ${r.loadBefore} → ${r.loadAfter ?? '?'}`);
  // The machine row names the last run's CPU; a run on another one says so.
  if (r.cpuModel && r.cpuModel !== machineCpu) parts.push(`on ${r.cpuModel}`);
  return parts.join(', ');
}

/** `items` in the bench's order of their scenarios, keeping their own order within a scenario. */
export function inScenarioOrder<T extends { scenario: string }>(items: T[], order: string[]): T[] {
  const rank = (s: string) => (order.includes(s) ? order.indexOf(s) : order.length);
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item.scenario) - rank(b.item.scenario) || a.i - b.i)
    .map((x) => x.item);
}

/** Every figure's key once, scenario by scenario, each in the order first measured. */
function rowKeys(results: Results, order: string[]): Array<{ scenario: string; key: string; name: string }> {
  const seen = new Map<string, { scenario: string; key: string; name: string }>();
  for (const db of DATABASES) {
    for (const f of results[db]?.figures ?? []) if (!seen.has(key(f))) seen.set(key(f), { ...f, key: key(f) });
  }
  return inScenarioOrder([...seen.values()], order);
}

/** latest.md: both databases side by side, with the machine, each scenario's run and every missed target. */
export function renderResults(
  results: Results,
  explanations: Record<string, string>,
  scenarios: Array<Pick<Scenario, 'name' | 'databases' | 'notRunBecause'>>,
): string {
  const order = scenarios.map((sc) => sc.name);
  const byKey = (record: DatabaseRecord | undefined) => new Map(record?.figures.map((f) => [key(f), f]) ?? []);
  const now = Object.fromEntries(DATABASES.map((db) => [db, byKey(results[db])])) as Record<
    DatabaseKind,
    Map<string, Figure>
  >;
  const header = `| | ${DATABASES.map((db) => DATABASE_LABELS[db]).join(' | ')} |`;
  const rule = `|---|${DATABASES.map(() => '---').join('|')}|`;
  const lines = [
    '# Benchmark results',
    '',
    '`npm run bench` measures on the embedded database (PGlite, in the server process),',
    '`npm run bench -- --db postgres` on PostgreSQL; each',
    'run replaces its own column. A scenario not run keeps the figures of its last run (dated under',
    '"Runs"). Where a scenario repeats, a value is the median of its runs with [min–max] beside it.',
    '✓ target met, **✗** missed; "prev." is the value before the last run of that scenario.',
    '',
    '## Machine',
    '',
    header,
    rule,
    `| last run | ${DATABASES.map((db) => (results[db] ? `${results[db].date.slice(0, 16).replace('T', ' ')} (${results[db].scenarios.join(', ')})` : 'never')).join(' | ')} |`,
    `| machine | ${DATABASES.map((db) => (results[db] ? machineText(results[db].machine) : '—')).join(' | ')} |`,
    '',
    '## Runs',
    '',
    'When each scenario last ran, how long it took and the one-minute load average of the machine',
    'before → after it (two cores, shared with other work: a load above 2 means the figures waited',
    'for the CPU).',
    '',
    header.replace('| |', '| scenario |'),
    rule,
  ];
  for (const { name: scenario, databases, notRunBecause } of scenarios) {
    const cells = DATABASES.map((db) =>
      databases && !databases.includes(db)
        ? `not run here (${notRunBecause ?? 'its figures do not depend on the database'})`
        : runText(
            results[db]?.runs[scenario],
            (results[db]?.figures ?? []).filter((f) => f.scenario === scenario),
            results[db]?.machine.cpuModel,
          ),
    );
    lines.push(`| ${scenario} | ${cells.join(' | ')} |`);
  }
  lines.push(
    '',
    '## Figures',
    '',
    `| scenario | figure | target (${DATABASES.map((db) => DATABASE_LABELS[db]).join(' / ')}) | ${DATABASES.map((db) => DATABASE_LABELS[db]).join(' | ')} |`,
    '|---|---|---|---|---|',
  );
  const rows = rowKeys(results, order);
  for (const row of rows) {
    const figures = DATABASES.map((db) => now[db].get(row.key));
    const targets = [...new Set(figures.filter(Boolean).map(targetText))];
    const target = targets.length === 1 ? targets[0] : figures.map(targetText).join(' / ');
    const cells = DATABASES.map((db) => cell(now[db].get(row.key)));
    lines.push(`| ${row.scenario} | ${row.name} | ${target} | ${cells.join(' | ')} |`);
  }
  for (const db of DATABASES) {
    const failures = results[db]?.failures ?? [];
    if (!failures.length) continue;
    lines.push('', `## Scenarios that did not run to the end on ${DATABASE_LABELS[db]}`, '');
    for (const f of failures) lines.push(`- **${f.scenario}**: ${f.error}`);
  }
  // One explanation per scenario (or per figure where one is written for it), naming every figure it covers.
  const missed = new Map<string, { title: string; figures: string[] }>();
  for (const row of rows) {
    const on = DATABASES.filter((db) => {
      const f = now[db].get(row.key);
      return f !== undefined && meets(f) === false;
    });
    if (!on.length) continue;
    const dbs = on.map((db) => DATABASE_LABELS[db]).join(', ');
    if (explanations[row.key] !== undefined) {
      missed.set(row.key, { title: `${row.scenario} / ${row.name} (${dbs})`, figures: [] });
      continue;
    }
    const entry = missed.get(row.scenario) ?? { title: row.scenario, figures: [] };
    entry.figures.push(`${row.name} (${dbs})`);
    missed.set(row.scenario, entry);
  }
  if (missed.size) {
    lines.push('', '## Missed targets and what it would take', '');
    for (const [why, { title, figures }] of missed) {
      const list = figures.length ? ` — missed: ${figures.join('; ')}.` : '';
      lines.push(`- **${title}**${list}`, '', `  ${explanations[why] ?? 'Not yet analysed.'}`, '');
    }
  }
  return `${lines.join('\n')}\n`;
}
