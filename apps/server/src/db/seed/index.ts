import { SUPER_ADMIN_ROLE_KEY } from '@agent-console/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import { newInvitationCode, newPassword } from '../../lib/random';
import { BUILTIN_ROLE_NAMES, ROOT_CUSTOMER_NAME, STAFF_ROLE_KEY } from '../builtin-names';
import type { Db } from '../client';
import { customers, invitationCodes, menus, roleMenus, roles, userRoles, users } from '../schema';
import { seedDictionaries } from './dictionaries';
import type { SeedMenu } from './menu-tree';
import { grantAppsToUnchangedStaff, grantStaffDefaults, withdrawAdminOnlyFromUnchangedStaff } from './staff-menus';

export const ADMIN_USERNAME = 'admin';

export interface SeedResult {
  /** Set only when this run created the admin with a generated password: print it once. */
  generatedAdminPassword?: string;
  /** Set only when this run created the root customer. */
  rootInvitationCode?: string;
}

export interface SeedOptions {
  /** The admin's password when this run creates the admin; a generated one when absent. */
  adminPassword?: string;
  /**
   * The menu tree to write: `SEED_MENU` (src/menu.ts), put together from the features' manifests,
   * which `db/` may not import.
   */
  menu: readonly SeedMenu[];
}

/**
 * Idempotent: creates what is missing and never overwrites what an operator changed.
 * Runs in one transaction so a crash cannot leave a half-seeded database.
 */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const adminPassword = opts.adminPassword ?? newPassword();
  // Hash outside the transaction: it is slow on purpose.
  const adminHash = await hashPassword(adminPassword);
  return db.transaction(async (tx) => {
    const result: SeedResult = {};
    await seedMenus(tx as unknown as Db, opts.menu, null);
    await seedDictionaries(tx as unknown as Db);

    await tx
      .insert(roles)
      .values([
        { name: seededRoleName(SUPER_ADMIN_ROLE_KEY), key: SUPER_ADMIN_ROLE_KEY, dataScope: 1, builtin: true, sort: 0 },
        { name: seededRoleName(STAFF_ROLE_KEY), key: STAFF_ROLE_KEY, dataScope: 3, builtin: true, sort: 1 },
      ])
      .onConflictDoNothing();
    const [staff] = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.key, STAFF_ROLE_KEY), isNull(roles.customerId)));
    const [superAdmin] = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.key, SUPER_ADMIN_ROLE_KEY), isNull(roles.customerId)));
    if (!staff || !superAdmin) throw new Error('seed: built-in roles missing');

    await withdrawAdminOnlyFromUnchangedStaff(tx as unknown as Db, staff);
    await grantAppsToUnchangedStaff(tx as unknown as Db, staff);
    await grantStaffDefaults(tx as unknown as Db, staff);

    let [root] = await tx.select().from(customers).where(isNull(customers.parentId)).limit(1);
    if (!root) {
      [root] = await tx
        .insert(customers)
        .values({ name: ROOT_CUSTOMER_NAME.seeded, ancestors: [], defaultRoleId: staff.id })
        .returning();
      if (!root) throw new Error('seed: root customer not created');
      const code = newInvitationCode();
      await tx.insert(invitationCodes).values({ customerId: root.id, code });
      result.rootInvitationCode = code;
    }

    const [admin] = await tx.select().from(users).where(eq(users.username, ADMIN_USERNAME));
    if (!admin) {
      const [created] = await tx
        .insert(users)
        .values({
          customerId: root.id,
          username: ADMIN_USERNAME,
          // The login name, the same in every language: a stored English word showed in the
          // Chinese header and greeting until someone renamed it.
          nickName: ADMIN_USERNAME,
          passwordHash: adminHash,
          builtin: true,
        })
        .returning();
      if (!created) throw new Error('seed: admin not created');
      await tx.insert(userRoles).values({ userId: created.id, roleId: superAdmin.id });
      if (!opts.adminPassword) result.generatedAdminPassword = adminPassword;
    }
    return result;
  });
}

/**
 * Inserts the menus that are missing. A button added by an upgrade goes to every role that already
 * holds its page: a role that could use the screen keeps being able to use its new actions, which
 * a role created later gets from its defaults anyway.
 */
async function seedMenus(db: Db, nodes: readonly SeedMenu[], parentId: number | null): Promise<void> {
  for (const [index, node] of nodes.entries()) {
    const inserted = await db
      .insert(menus)
      .values({
        parentId,
        type: node.type,
        name: node.name,
        titles: node.titles,
        path: node.path ?? null,
        component: node.component ?? null,
        permission: node.permission ?? null,
        icon: node.icon ?? null,
        sort: index,
        hidden: node.hidden ?? false,
        cache: node.cache ?? false,
      })
      .onConflictDoNothing()
      .returning({ id: menus.id });
    const [added] = inserted;
    if (added && node.type === 'button' && parentId !== null) {
      await db.execute(
        sql`insert into ${roleMenus} (role_id, menu_id) select role_id, ${added.id} from ${roleMenus} where menu_id = ${parentId} on conflict do nothing`,
      );
    }
    const [row] = await db.select({ id: menus.id }).from(menus).where(eq(menus.name, node.name));
    if (row && node.children?.length) await seedMenus(db, node.children, row.id);
  }
}

function seededRoleName(key: string): string {
  const name = BUILTIN_ROLE_NAMES[key]?.seeded;
  if (!name) throw new Error(`seed: no name for built-in role ${key}`);
  return name;
}
