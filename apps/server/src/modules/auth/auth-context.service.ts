import { ALL_PERMISSIONS } from '@agent-console/contracts';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menus, roleMenus, roles, sessions, userRoles, users } from '../../db/schema';
import { loadDataScope } from '../../http/data-scope';
import type { AuthContext } from '../../http/request-context';
import { sha256 } from '../../lib/random';

/** Don't write last_seen_at on every request; a minute is precise enough for the online list. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * Resolves a bearer token to the caller. A missing, expired or deleted session, or a disabled
 * user, gives null: the caller is then answered A0301.
 */
export async function resolveAuthContext(db: Db, token: string): Promise<AuthContext | null> {
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      username: users.username,
      customerId: users.customerId,
      enabled: users.enabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)));
  if (!row?.enabled) return null;

  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const [permissions, dataScope] = await Promise.all([
    loadPermissions(db, row.userId),
    loadDataScope(db, row.userId, row.customerId),
  ]);
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    customerId: row.customerId,
    permissions,
    isSuperAdmin: permissions.has(ALL_PERMISSIONS),
    dataScope,
  };
}

/** Permission codes of the user's enabled roles; the super-admin role holds `*:*:*`. */
export async function loadPermissions(db: Db, userId: number): Promise<Set<string>> {
  const roleRows = await db
    .select({ id: roles.id, key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.enabled, true)));
  if (roleRows.some((r) => r.key === 'super_admin')) return new Set([ALL_PERMISSIONS]);
  if (roleRows.length === 0) return new Set();
  const codes = await db
    .selectDistinct({ permission: menus.permission })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(eq(userRoles.userId, userId), eq(roles.enabled, true), eq(menus.enabled, true), isNotNull(menus.permission)),
    );
  return new Set(codes.map((c) => c.permission).filter((p): p is string => !!p));
}

export function hasPermission(auth: AuthContext, code: string): boolean {
  return auth.isSuperAdmin || auth.permissions.has(code);
}
