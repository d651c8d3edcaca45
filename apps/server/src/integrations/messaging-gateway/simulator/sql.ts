/**
 * What the simulator needs of the database: parameterised SQL on its own `gwsim_*` tables
 * (db/schema/gateway-sim.ts). A structural type, because integrations/ may not import db/
 * (docs/architecture.md, "Server layering"); the console's `Database.sql` is one.
 */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The first row, if any. */
export async function one<T>(sql: SqlRunner, text: string, params: unknown[] = []): Promise<T | undefined> {
  const { rows } = await sql.query<T>(text, params);
  return rows[0];
}

export async function many<T>(sql: SqlRunner, text: string, params: unknown[] = []): Promise<T[]> {
  const { rows } = await sql.query<T>(text, params);
  return rows;
}

/**
 * `($1::t1, $2::t2, …), …` placeholders for a multi-row VALUES list with one SQL type per column:
 * VALUES would otherwise guess `text` for every parameter, which an array column refuses.
 */
export function valuesList(rows: number, types: readonly string[]): string {
  const width = types.length;
  return Array.from(
    { length: rows },
    (_, r) => `(${types.map((type, c) => `$${r * width + c + 1}::${type}`).join(', ')})`,
  ).join(', ');
}
