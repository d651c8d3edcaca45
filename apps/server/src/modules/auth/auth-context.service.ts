import { ALL_PERMISSIONS, PERMISSION_CODE_PATTERN, SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, menus, roleMenus, roles, sessions, userRoles, users } from '../../db/schema';
import { loadDataScope } from '../../http/data-scope';
import { hasPermission } from '../../http/permission';
import type { AuthContext } from '../../http/request-context';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/random';
import { customerActiveSql } from './account-status';

/** Don't write last_seen_at on every request; a minute is precise enough for the online list. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * Resolves a bearer token to the caller. A missing, expired or deleted session, a disabled user,
 * or a user whose customer (or any customer above it) is disabled gives null: the caller is then
 * answered A0301.
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
      customerEnabled: customerActiveSql,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)));
  if (!row?.enabled || !row.customerEnabled) return null;

  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const [roleKeys, dataScope] = await Promise.all([
    loadRoleKeys(db, row.userId),
    loadDataScope(db, row.userId, row.customerId),
  ]);
  const permissions = await loadPermissions(db, row.userId, roleKeys);
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    customerId: row.customerId,
    permissions,
    isSuperAdmin: roleKeys.includes(SUPER_ADMIN_ROLE_KEY),
    dataScope,
  };
}

async function loadRoleKeys(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.enabled, true)));
  return rows.map((r) => r.key);
}

/**
 * Permission codes of the user's enabled roles. The super-admin role is reported as `*:*:*` (what
 * the web reads as "every button"); for everyone else only concrete codes count, so a wildcard or
 * malformed string that reached a menu row is never honoured.
 */
async function loadPermissions(db: Db, userId: number, keys: string[]): Promise<Set<string>> {
  if (keys.includes(SUPER_ADMIN_ROLE_KEY)) return new Set([ALL_PERMISSIONS]);
  if (keys.length === 0) return new Set();
  const codes = await db
    .selectDistinct({ permission: menus.permission })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(eq(userRoles.userId, userId), eq(roles.enabled, true), eq(menus.enabled, true), isNotNull(menus.permission)),
    );
  return new Set(codes.map((c) => c.permission).filter((p): p is string => !!p && PERMISSION_CODE_PATTERN.test(p)));
}

/**
 * Writing a permission code onto a menu or button hands that code to every role holding it, so a
 * caller may only write codes they hold, and only change a code they hold: otherwise an editor of
 * menus could give themselves any permission by relabelling a button they have.
 */
export function assertMaySetCode(auth: AuthContext, current: string | null, next: string | null): void {
  if (current === next) return;
  for (const code of [current, next]) {
    if (code && !hasPermission(auth, code)) throw AppError.field('A0312', 'permission', 'notGrantable');
  }
}
