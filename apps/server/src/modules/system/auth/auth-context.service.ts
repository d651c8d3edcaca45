import { ALL_PERMISSIONS, PERMISSION_CODE_PATTERN, SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ChangeFeed } from '../../../db/change-feed';
import type { Db } from '../../../db/client';
import { dataScopeOf } from '../../../http/data-scope';
import type { AuthContext } from '../../../http/request-context';
import { sha256 } from '../../../lib/random';
import { customerActiveOf, customerSubtreeIdsOf } from '../customer/customer.repo';
import { enabledPermissionsOf } from '../menu/menu.repo';
import { customCustomerIdsOfRoles, enabledRolesHeldBy, menuIdsGrantedToRoles } from '../role/role.repo';
import { liveSessionOfTokenRelation, touchSession } from '../user/session.repo';
import { AuthCache, type CachedCaller } from './auth-cache';

/** Don't write last_seen_at on every request; a minute is precise enough for the online list. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

interface CallerRow extends Record<string, unknown> {
  session_id: string;
  last_seen_ms: number | string;
  expires_ms: number | string;
  user_id: number;
  username: string;
  customer_id: number;
  active: boolean;
  role_keys: string[] | null;
  scopes: number[] | null;
  permissions: string[] | null;
  custom_customer_ids: number[] | null;
  subtree_customer_ids: number[] | null;
}

/**
 * Everything that decides a caller, in one statement: the live session, its user and whether the
 * user and every customer above them are enabled, the keys and data scopes of their enabled roles,
 * the permission codes of those roles' enabled menus, and the customers scopes 2 and 4 grant.
 */
function callerQuery(tokenHash: string, now: Date): SQL {
  return sql`
    select s.session_id,
      extract(epoch from s.last_seen_at) * 1000 as last_seen_ms,
      extract(epoch from s.expires_at) * 1000 as expires_ms,
      s.user_id, s.username, s.customer_id,
      (s.enabled and ${customerActiveOf(sql`s.customer_id`)}) as active,
      r.keys as role_keys, r.scopes,
      ${enabledPermissionsOf(menuIdsGrantedToRoles(sql`r.ids`))} as permissions,
      ${customCustomerIdsOfRoles(sql`r.custom_ids`)} as custom_customer_ids,
      (case when 4 = any(r.scopes) then ${customerSubtreeIdsOf(sql`s.customer_id`)} end) as subtree_customer_ids
    from ${liveSessionOfTokenRelation(tokenHash, now)} s
    cross join lateral ${enabledRolesHeldBy(sql`s.user_id`)} r`;
}

/**
 * Permission codes from the user's roles. The super-admin role is reported as `*:*:*` (what the
 * web reads as "every button"); for everyone else only concrete codes count, so a wildcard or
 * malformed string that reached a menu row is never honoured.
 */
function permissionsOf(row: CallerRow, isSuperAdmin: boolean): Set<string> {
  if (isSuperAdmin) return new Set([ALL_PERMISSIONS]);
  return new Set((row.permissions ?? []).filter((p) => PERMISSION_CODE_PATTERN.test(p)));
}

function callerOf(row: CallerRow): CachedCaller {
  const roleKeys = row.role_keys ?? [];
  const isSuperAdmin = roleKeys.includes(SUPER_ADMIN_ROLE_KEY);
  const dataScope = dataScopeOf({
    userId: row.user_id,
    customerId: row.customer_id,
    isSuperAdmin,
    scopes: row.scopes ?? [],
    customCustomerIds: row.custom_customer_ids ?? [],
    subtreeCustomerIds: row.subtree_customer_ids ?? [],
  });
  if (!dataScope.all) Object.freeze(dataScope.customerIds);
  return {
    // One object serves every request of this caller until the cache forgets it: nothing may change it.
    context: Object.freeze({
      sessionId: row.session_id,
      userId: row.user_id,
      username: row.username,
      customerId: row.customer_id,
      permissions: permissionsOf(row, isSuperAdmin),
      isSuperAdmin,
      dataScope: Object.freeze(dataScope),
    }),
    expiresAt: Number(row.expires_ms),
    lastSeenAt: Number(row.last_seen_ms),
  };
}

/**
 * Resolves bearer tokens to callers. A missing, expired or deleted session, a disabled user, or a
 * user whose customer (or any customer above it) is disabled gives null: the caller is then
 * answered A0301. A caller found is kept in an AuthCache, which the change feed empties on every
 * write to the tables behind it, so a forced logout or a role change applies on the next request.
 */
export function createAuthResolver(db: Db, changes: ChangeFeed): (token: string) => Promise<AuthContext | null> {
  const cache = new AuthCache(changes);
  return async (token) => {
    const tokenHash = sha256(token);
    const now = Date.now();
    let caller = cache.get(tokenHash, now);
    if (!caller) {
      const generation = cache.generation;
      const { rows } = await db.execute<CallerRow>(callerQuery(tokenHash, new Date(now)));
      const row = rows[0];
      if (!row?.active) return null;
      caller = callerOf(row);
      cache.set(tokenHash, caller, generation);
    }
    if (now - caller.lastSeenAt > LAST_SEEN_RESOLUTION_MS) {
      // The change feed ignores this column, so recording activity never empties the cache.
      caller.lastSeenAt = now;
      await touchSession(db, caller.context.sessionId, new Date(now));
    }
    return caller.context;
  };
}
