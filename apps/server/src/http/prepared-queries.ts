import type { Db } from '../db/client';

/** Values of a query's placeholders, by name. */
export type PlaceholderValues = Record<string, unknown>;

/** A query built on placeholders (a Drizzle select), to be run with their values. */
export interface PreparableQuery<R> {
  prepare(name: string): { execute(values?: PlaceholderValues): Promise<R[]> };
  execute(values?: PlaceholderValues): Promise<R[]>;
}

const NAMES = new Set<string>();

/** Shapes kept per kind of query and database; past it, a new shape is built for each call (never evicted). */
export const PREPARED_SHAPES_PER_QUERY = 200;

/**
 * One kind of query (a list's page, its count) kept as prepared statements, one per shape: which
 * conditions the request has, its order, its cursor, its language. A shape's query is built once,
 * on its first call; later calls only bind their values. Building a page's SQL with Drizzle cost
 * more than the rest of the call together (docs/decisions.md, "Issue 38: the list path").
 *
 * The query must take every value that varies between calls of one shape as a placeholder: a
 * value written inline would be kept, and served to the next caller. The statements are kept per
 * database (each test opens its own) and named per shape; on PostgreSQL each pooled connection
 * parses a statement once, so the server keeps its plan too. The number of shapes is capped: the
 * filters a client can combine are finite, but the cap keeps a bug from growing the server's memory.
 */
export class PreparedQueries {
  private readonly byDatabase = new WeakMap<
    Db,
    Map<string, { execute(values?: PlaceholderValues): Promise<unknown[]> }>
  >();

  constructor(private readonly name: string) {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`prepared query name ${name}: lower-case words only`);
    // Statement names are per connection: two kinds of query under one name would clash there.
    if (NAMES.has(name)) throw new Error(`prepared query name ${name} is taken`);
    NAMES.add(name);
  }

  run<R>(db: Db, shape: string, build: () => PreparableQuery<R>, values: PlaceholderValues): Promise<R[]> {
    let statements = this.byDatabase.get(db);
    if (!statements) {
      statements = new Map();
      this.byDatabase.set(db, statements);
    }
    const kept = statements.get(shape);
    if (kept) return kept.execute(values) as Promise<R[]>;
    const query = build();
    if (statements.size >= PREPARED_SHAPES_PER_QUERY) return query.execute(values);
    const prepared = query.prepare(`${this.name}_${statements.size + 1}`);
    statements.set(shape, prepared);
    return prepared.execute(values);
  }
}
