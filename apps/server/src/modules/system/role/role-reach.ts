import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { roles, userRoles } from '../../../db/schema';
import type { AuthContext } from '../../../http/request-context';
import { customerAncestors } from '../customer/customer.repo';

/**
 * Whether the caller may create a role of customer `customerId` with data scope 4 ("own customer
 * and below"). Such a role reaches every customer that is, or later becomes, part of that
 * subtree, so the caller must reach that subtree for good: scope "all", or a scope-4 role of their
 * own rooted at that customer or above it. A caller who reaches the same customers today by a
 * narrower scope (own customer, a list) may not widen a role beyond it.
 */
export async function mayGrantSubtree(db: Db, auth: AuthContext, customerId: number): Promise<boolean> {
  if (auth.dataScope.all) return true;
  const [ownSubtree] = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, auth.userId), eq(roles.enabled, true), eq(roles.dataScope, 4)))
    .limit(1);
  if (!ownSubtree) return false;
  if (customerId === auth.customerId) return true;
  return !!(await customerAncestors(db, customerId))?.includes(auth.customerId);
}
