import type { Figure } from './types';

/** How many times a repeatable measurement runs; each figure is then the median, with its min and max. */
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/**
 * Runs `measure` RUNS times (round 0, 1, …) and merges the figures by name: the value is the
 * median of the rounds, `min` and `max` show the noise. A figure's target and note come from its
 * first round. Rounds run one after another, never side by side, so each has the machine alone.
 */
export async function repeated(measure: (round: number) => Promise<Figure[]>): Promise<Figure[]> {
  const rounds: Figure[][] = [];
  for (let round = 0; round < RUNS; round++) {
    if (RUNS > 1) process.stdout.write(`  run ${round + 1} of ${RUNS}\n`);
    rounds.push(await measure(round));
  }
  return summarize(rounds);
}

export function summarize(rounds: Figure[][]): Figure[] {
  const byName = new Map<string, { first: Figure; values: number[] }>();
  for (const figures of rounds) {
    for (const f of figures) {
      const seen = byName.get(f.name);
      if (seen) seen.values.push(f.value);
      else byName.set(f.name, { first: f, values: [f.value] });
    }
  }
  return [...byName.values()].map(({ first, values }) => {
    if (values.length < 2) return first;
    const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
    return {
      ...first,
      value: median(sorted),
      runs: values.length,
      min: sorted[0] ?? Number.NaN,
      max: sorted.at(-1) ?? Number.NaN,
    };
  });
}

function median(sorted: number[]): number {
  if (!sorted.length) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
