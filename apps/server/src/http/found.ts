import { AppError } from '../lib/app-error';
import { assertInScope } from './data-scope';
import type { AuthContext } from './request-context';

/** The first row of a lookup (by id, as a rule), or A0404 when there is none. */
export async function found<R>(rows: PromiseLike<R[]>): Promise<R> {
  const [row] = await rows;
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * The first row of a lookup by id if the caller's data scope holds it: its customer, or its owner
 * where the row has one (scope 5, "only their own rows"). Otherwise A0404, the answer for an id
 * that does not exist, so that ids of other customers cannot be probed.
 */
export async function foundInScope<R extends { customerId: number; ownerUserId?: number | null }>(
  auth: AuthContext,
  rows: PromiseLike<R[]>,
): Promise<R> {
  const row = await found(rows);
  assertInScope(auth, row.customerId, row.ownerUserId);
  return row;
}
