import { SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roles, userRoles, users } from '../db/schema';

/** Data scope "all" in `roles.data_scope` (http/data-scope.ts). */
const SCOPE_ALL = 1;

/**
 * Whether the owner of a job may act on every customer now: an enabled user holding an enabled
 * role with data scope "all", or the super-admin role. Read at every run of a product-wide
 * handler, so a job keeps no more authority than its owner has (an owner who lost scope "all",
 * or was removed, no longer runs it).
 */
export async function ownerActsProductWide(db: Db, ownerUserId: number | null): Promise<boolean> {
  if (ownerUserId === null) return false;
  const rows = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.userId, ownerUserId),
        eq(users.enabled, true),
        eq(roles.enabled, true),
        or(eq(roles.dataScope, SCOPE_ALL), eq(roles.key, SUPER_ADMIN_ROLE_KEY)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
