import type { SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { AuthContext } from '../../../http/request-context';
import { definePort } from '../../../lib/port';

/**
 * What the roles need of system/menu (issue 35): the menus build on the roles (how many roles hold
 * a menu, which menus a caller holds and may grant), so the roles cannot import them back. The menu
 * feature plugs its part in here from its manifest, which the app loads before any route runs.
 */
export interface RoleMenuFacts {
  /** Whether every one of these ids (given without repeats) names a menu, directory or button. */
  allExist(exec: Executor, ids: readonly number[]): Promise<boolean>;
  /** The distinct permission codes (null for a menu without one) of the menus `menuIds` (a sub-select of menu ids) names. */
  permissionsAmong(exec: Executor, menuIds: SQLWrapper): Promise<(string | null)[]>;
}

const factsPort = definePort<RoleMenuFacts>('the menu facts of roles', 'system/menu');

export const plugRoleMenuFacts = factsPort.plug;

/**
 * Refuses to go on without the menus' part: skipping it would let a role hold menus that do not
 * exist, or be granted with permissions its granter lacks.
 */
export const roleMenuFacts = factsPort.use;

/**
 * What the roles need of system/user, which builds on them: the users a caller reaches, so that a
 * role's user count tells a customer administrator about their own users only (the shared roles
 * are held in every customer).
 */
export interface RoleUserFacts {
  /** The ids of the users `auth` reaches, as a sub-select; undefined when that is every user. */
  usersInReach(auth: AuthContext): SQLWrapper | undefined;
}

const usersPort = definePort<RoleUserFacts>('the users a caller reaches', 'system/user');

export const plugRoleUserFacts = usersPort.plug;

/** Refuses to go on without the users' part: counting every customer's users would leak them. */
export const roleUserFacts = usersPort.use;
