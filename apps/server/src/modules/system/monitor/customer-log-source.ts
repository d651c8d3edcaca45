import type { KeysetPageResult, Language } from '@agent-console/contracts';
import { and, count, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { loginLogs, operationLogs } from '../../../db/schema';
import { keysetBatches } from '../../../http/export-batches';
import { type KeptListStatements, keptKeysetSource } from '../../../http/kept-keyset-source';
import { type KeysetRequest, type KeysetSource, type KeysetSpec, keysetPage } from '../../../http/keyset';
import type { ListConditions } from '../../../http/list-conditions';
import { rowsOf } from '../../../http/paging';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { customerNameOf } from '../customer/customer.repo';
import { superAdminRowsHidden, userRowsInReach } from '../role/role-access';

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
        .select({ log, customerName: customerNameOf(log.customerId, lang), sortKey: page.sortKey, cappedCount })
        .from(log)
        .where(and(where.condition, page.where))
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset) as never,
  });
}

/**
 * A customer's log list limited to the rows its caller reaches (`userRowsInReach`), as a list's
 * kept statement takes it: the data scope on placeholders, the super-admin rule as a constant.
 */
export function scopeCustomerLog(conditions: ListConditions, auth: AuthContext, log: CustomerLog): ListConditions {
  const table = log as typeof operationLogs;
  return conditions
    .scope(auth, table.customerId, table.userId)
    .only('noSuperAdminRows', superAdminRowsHidden(auth, table.userId));
}

/** Deletes the given rows of a customer's log; an id outside the caller's scope fails the whole call (A0404). */
export function deleteCustomerLogRows(db: Db, auth: AuthContext, table: CustomerLog, ids: number[]): Promise<number> {
  const log = table as typeof operationLogs;
  const unique = [...new Set(ids)];
  const where = and(inArray(log.id, unique), userRowsInReach(auth, log.customerId, log.userId));
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: log.id }).from(log).where(where);
    if (found.length !== unique.length) throw AppError.notFound();
    await tx.delete(log).where(where);
    return found.length;
  });
}

/** Empties a customer's log within the caller's scope; counted first, since RETURNING a million ids is waste. */
export function cleanCustomerLog(db: Db, auth: AuthContext, table: CustomerLog): Promise<number> {
  const log = table as typeof operationLogs;
  const where = userRowsInReach(auth, log.customerId, log.userId);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(log).where(where);
    await tx.delete(log).where(where);
    return row?.n ?? 0;
  });
}

/**
 * The list operations of a customer's log (page, export, delete, clean), made once for each log:
 * the login log and the operation log differ only in their table, sort columns, filters and
 * answer row, so each declares those and gets the same four operations.
 */
export function customerLogList<
  L extends CustomerLog,
  F extends { orderBy?: KeysetRequest['orderBy'] },
  T extends { id: number },
>(spec: {
  table: L;
  statements: KeptListStatements;
  keyset: KeysetSpec;
  whereOf: (auth: AuthContext, filter: F) => ListConditions;
  toDto: (row: CustomerLogRow<L>) => T;
}) {
  const { table, statements, keyset, whereOf, toDto } = spec;
  const listSource = (db: Db, where: ListConditions, lang: Language) =>
    customerLogSource(db, { table, statements, where, lang, toDto });
  return {
    page(db: Db, auth: AuthContext, req: F & KeysetRequest, lang: Language): Promise<KeysetPageResult<T>> {
      return keysetPage(keyset, req, listSource(db, whereOf(auth, req), lang));
    },
    /** The export's rows: the list's filters and order, a batch at a time as the file is written, at most `limit`. */
    exportBatches(db: Db, auth: AuthContext, filter: F, limit: number, lang: Language) {
      return keysetBatches(keyset, filter.orderBy, listSource(db, whereOf(auth, filter), lang), limit);
    },
    /** Deletes the given rows; an id outside the caller's scope fails the whole call (A0404). */
    deleteRows(db: Db, auth: AuthContext, ids: number[]): Promise<number> {
      return deleteCustomerLogRows(db, auth, table, ids);
    },
    /** Empties the log within the caller's scope. */
    clean(db: Db, auth: AuthContext): Promise<number> {
      return cleanCustomerLog(db, auth, table);
    },
  };
}
