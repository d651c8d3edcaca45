/** One measured figure, printed against its target; a missed target never fails the run. */
export interface Figure {
  scenario: string;
  name: string;
  /** The median when the figure was measured several times (`runs`). */
  value: number;
  unit: string;
  /** `max`: lower is better and the value must be at most `target`; `min`: the opposite. */
  target?: { kind: 'max' | 'min'; value: number };
  note?: string;
  /** Set when the figure is the median of several runs: how many, and the lowest and highest of them. */
  runs?: number;
  min?: number;
  max?: number;
  /** The value this figure had before the run that measured it, when it had one. */
  previous?: number;
  /** Set on a figure carried over from an earlier run (a run of some scenarios only): when it was measured. */
  measuredAt?: string;
}

export type DatabaseKind = 'pglite' | 'postgres';

export const DATABASE_LABELS: Record<DatabaseKind, string> = {
  pglite: 'PGlite',
  postgres: 'PostgreSQL',
};

export interface BenchContext {
  database: DatabaseKind;
  /**
   * On PostgreSQL: the URL of a database on the server under test through which each scenario
   * creates (and drops) its own bench database. Unset on the embedded database.
   */
  databaseUrl?: string;
  tmpDir: string;
}

export interface Scenario {
  name: string;
  /** The databases on which the scenario means something; every database when unset. */
  databases?: DatabaseKind[];
  /** Why it does not run on the other databases; "its figures do not depend on the database" when unset. */
  notRunBecause?: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

export function meets(figure: Figure): boolean | undefined {
  if (!figure.target) return undefined;
  return figure.target.kind === 'max' ? figure.value <= figure.target.value : figure.value >= figure.target.value;
}
