/**
 * A port: a typed hook a lower feature declares for one fact or action of a higher feature, which
 * the higher one plugs in from its manifest (`module.ts`; `modules.ts` loads every manifest before
 * a route, job or worker runs). Reading an unplugged port throws: a check or a deletion that
 * depends on it is never skipped silently (docs/architecture.md, "Ports").
 */
export interface Port<T> {
  plug(implementation: T): void;
  use(): T;
}

/** A port for `what`, which `pluggedBy` (a feature's name) plugs in. */
export function definePort<T>(what: string, pluggedBy: string): Port<T> {
  let implementation: T | undefined;
  return {
    plug(next) {
      implementation = next;
    },
    use() {
      if (implementation === undefined) throw new Error(`${pluggedBy} has not plugged in ${what} (load its module.ts)`);
      return implementation;
    },
  };
}
