import { and, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { scopeOnPlaceholders } from './data-scope';
import type { PlaceholderValues } from './prepared-queries';
import type { AuthContext } from './request-context';

/**
 * A list's WHERE written on placeholders: which conditions a request has (its `shape`), the
 * condition, and the values, so that its page and count are built once per shape and kept
 * (http/prepared-queries.ts). Every value goes through `when` or `scope`, never inline: that is
 * what makes one statement right for every request of its shape (`only` takes constants alone).
 */
export class ListConditions {
  private readonly parts: SQL[] = [];
  private readonly names: string[] = [];
  readonly values: PlaceholderValues = {};

  /** Only the rows the caller's data scope shows (http/data-scope.ts). */
  scope(auth: AuthContext, customerColumn: AnyPgColumn, ownerColumn?: AnyPgColumn): this {
    const scope = scopeOnPlaceholders(auth, customerColumn, ownerColumn);
    this.names.push(`scope:${scope.shape}`);
    if (scope.condition) this.parts.push(scope.condition);
    Object.assign(this.values, scope.values);
    return this;
  }

  /** Adds `condition` on the placeholder `name` when the request gives a value (not undefined, null or ''). */
  when(name: string, value: unknown, condition: (param: Placeholder) => SQL): this {
    if (value === undefined || value === null || value === '') return this;
    if (name in this.values) throw new Error(`list condition ${name} given twice`);
    this.names.push(name);
    this.values[name] = value;
    this.parts.push(condition(sql.placeholder(name)));
    return this;
  }

  /**
   * Adds a condition that takes no value from the request (what it compares with is a constant),
   * named in the shape when given: a caller for whom it applies gets a statement of its own.
   */
  only(name: string, condition: SQL | undefined): this {
    if (!condition) return this;
    this.names.push(name);
    this.parts.push(condition);
    return this;
  }

  get shape(): string {
    return this.names.join(',');
  }

  get condition(): SQL | undefined {
    return and(...this.parts);
  }
}
