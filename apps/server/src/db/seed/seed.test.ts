import { openTestDatabase, type TestDatabase } from '@agent-console/server/test/test-database';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STAFF_ROLE_KEY } from '../builtin-names';
import { menus, roleMenus, roles } from '../schema';
import { seedDatabase } from '.';
import { STAFF_ADMIN_ONLY_MENUS } from './menu-tree';

let database: TestDatabase;

beforeAll(async () => {
  // A copy of the migrated database that the first start already seeded.
  database = await openTestDatabase(inject('databaseTemplate'));
});
afterAll(() => database.dispose());

describe('seed on a later start', () => {
  it('hands back no secret to print: neither an admin password nor the root invitation code', async () => {
    expect(await seedDatabase(database.db, {})).toEqual({});
    expect(await seedDatabase(database.db, { adminPassword: 'another-password-1' })).toEqual({});
  });
});

async function staffMenuNames(): Promise<string[]> {
  const rows = await database.db
    .select({ name: menus.name })
    .from(roleMenus)
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roles.key, STAFF_ROLE_KEY));
  return rows.map((r) => r.name);
}

async function staffRoleId(): Promise<number> {
  const [staff] = await database.db.select().from(roles).where(eq(roles.key, STAFF_ROLE_KEY));
  if (!staff) throw new Error('no staff role');
  return staff.id;
}

async function menuIds(names: string[]): Promise<number[]> {
  const rows = await database.db.select({ id: menus.id }).from(menus).where(inArray(menus.name, names));
  return rows.map((r) => r.id);
}

/** Issue 13: staff saw "Permission config", a screen for administrators. */
describe('the staff role’s default menus', () => {
  it('a new database gives staff the AI screens but not permission config', async () => {
    const names = await staffMenuNames();
    expect(names).toEqual(expect.arrayContaining(['Ai', 'AiMainPrompt', 'AiNewCustomerAccess', 'KnowledgeQa']));
    expect(names).not.toContain('AiPermission');
  });

  it('an older database whose staff role nobody changed loses permission config on the next start', async () => {
    const roleId = await staffRoleId();
    // What the seed before issue 13 granted: every menu under the staff roots, the admin-only
    // ones included (permission config, and the usage quota button of issue 17).
    const adminOnly = await menuIds([...STAFF_ADMIN_ONLY_MENUS]);
    expect(adminOnly).toHaveLength(STAFF_ADMIN_ONLY_MENUS.length);
    await database.db.insert(roleMenus).values(adminOnly.map((menuId) => ({ roleId, menuId })));
    expect(await staffMenuNames()).toContain('AiPermission');
    await seedDatabase(database.db, {});
    const names = await staffMenuNames();
    expect(names).not.toContain('AiPermission');
    expect(names).not.toContain('UsageDashboard:quotaEdit');
    expect(names).toContain('UsageDashboard:view');
    expect(names).toContain('AiMainPrompt');
    // Idempotent: another start changes nothing.
    await seedDatabase(database.db, {});
    expect((await staffMenuNames()).sort()).toEqual(names.sort());
  });

  it('a staff role an operator changed keeps what the operator chose, permission config included', async () => {
    const roleId = await staffRoleId();
    const [permission] = await menuIds(['AiPermission']);
    const [account] = await menuIds(['ChatAccount']);
    if (!permission || !account) throw new Error('seed menus missing');
    await database.db.insert(roleMenus).values({ roleId, menuId: permission });
    await database.db.delete(roleMenus).where(and(eq(roleMenus.roleId, roleId), eq(roleMenus.menuId, account)));
    try {
      await seedDatabase(database.db, {});
      const names = await staffMenuNames();
      expect(names).toContain('AiPermission');
      expect(names).not.toContain('ChatAccount');
    } finally {
      await database.db.delete(roleMenus).where(and(eq(roleMenus.roleId, roleId), eq(roleMenus.menuId, permission)));
      await database.db.insert(roleMenus).values({ roleId, menuId: account });
    }
  });
});
