import type { Db } from '../../../db/client';
import { assertInScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';
import { robotCustomerId, strategyCustomerId } from '../followup/followup.repo';

/**
 * A strategy or robot the runtime's calls are about, checked against the caller's scope: not
 * found when it does not exist or belongs to a customer outside it (ids of others are not probed).
 */
export async function assertOwnInScope(
  db: Db,
  auth: AuthContext,
  of: { strategyId: number } | { robotId: number },
): Promise<void> {
  const customerId =
    'strategyId' in of ? await strategyCustomerId(db, of.strategyId) : await robotCustomerId(db, of.robotId);
  if (customerId === undefined) throw AppError.notFound();
  assertInScope(auth, customerId);
}
