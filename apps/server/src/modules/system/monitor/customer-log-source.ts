import type { Language } from '@agent-console/contracts';
import { and, eq } from 'drizzle-orm';
import { customerName } from '../../../db/builtin-names';
import type { Db } from '../../../db/client';
import { customers, type loginLogs, type operationLogs } from '../../../db/schema';
import { type KeptListStatements, keptKeysetSource } from '../../../http/kept-keyset-source';
import type { KeysetSource } from '../../../http/keyset';
import type { ListConditions } from '../../../http/list-conditions';
import { rowsOf } from '../../../http/paging';

/** A log whose rows belong to a customer: the operation log and the login log. */
type CustomerLog = typeof operationLogs | typeof loginLogs;

/** A log row as its list reads it: the row and its customer's name in the caller's language. */
export interface CustomerLogRow<L extends CustomerLog> {
  log: L['$inferSelect'];
  customerName: string | null;
}

/**
 * The rows of a customer's log, newest first or as asked, with the customer's name, kept per
 * language, filters and keyset window (http/kept-keyset-source.ts): the pages' and the export's.
 */
export function customerLogSource<L extends CustomerLog, T>(
  db: Db,
  options: {
    table: L;
    statements: KeptListStatements;
    where: ListConditions;
    lang: Language;
    toDto: (row: CustomerLogRow<L>) => T;
  },
): KeysetSource<CustomerLogRow<L>, T> {
  const { table, statements, where, lang, toDto } = options;
  // One select for either table: Drizzle's types cannot follow a table chosen by a type parameter.
  const log = table as typeof operationLogs;
  return keptKeysetSource({
    db,
    statements,
    variant: lang,
    where,
    countRows: (condition) => rowsOf(db, log, condition),
    toDto,
    query: (page, cappedCount) =>
      db
        .select({ log, customerName: customerName(lang), sortKey: page.sortKey, cappedCount })
        .from(log)
        .leftJoin(customers, eq(customers.id, log.customerId))
        .where(and(where.condition, page.where))
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset) as never,
  });
}
