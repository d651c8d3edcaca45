/** One measured figure, printed against its target; a missed target never fails the run. */
export interface Figure {
  scenario: string;
  name: string;
  value: number;
  unit: string;
  /** `max`: lower is better and the value must be at most `target`; `min`: the opposite. */
  target?: { kind: 'max' | 'min'; value: number };
  note?: string;
  /** Set on a figure carried over from an earlier run (a run of some scenarios only): when it was measured. */
  measuredAt?: string;
}

export interface BenchContext {
  /** PostgreSQL URL when BENCH_DATABASE_URL is set; otherwise the embedded database. */
  databaseUrl?: string;
  tmpDir: string;
}

export interface Scenario {
  name: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

export function meets(figure: Figure): boolean | undefined {
  if (!figure.target) return undefined;
  return figure.target.kind === 'max' ? figure.value <= figure.target.value : figure.value >= figure.target.value;
}
