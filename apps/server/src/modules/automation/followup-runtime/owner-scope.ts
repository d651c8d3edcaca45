import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { followupRobots, followupStrategies } from '../../../db/schema';
import { assertInScope } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { AppError } from '../../../lib/app-error';

/**
 * A strategy or robot the runtime's calls are about, checked against the caller's scope: not
 * found when it does not exist or belongs to a customer outside it (ids of others are not probed).
 */
export async function assertOwnInScope(
  db: Db,
  auth: AuthContext,
  of: { strategyId: number } | { robotId: number },
): Promise<void> {
  const [owner] =
    'strategyId' in of
      ? await db
          .select({ customerId: followupStrategies.customerId })
          .from(followupStrategies)
          .where(eq(followupStrategies.id, of.strategyId))
      : await db
          .select({ customerId: followupRobots.customerId })
          .from(followupRobots)
          .where(eq(followupRobots.id, of.robotId));
  if (!owner) throw AppError.notFound();
  assertInScope(auth, owner.customerId);
}
