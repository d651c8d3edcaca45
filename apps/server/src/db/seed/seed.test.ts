import { useDatabaseCopy } from '@agent-console/server/test/fixtures/database-copy';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEED_MENU } from '../../menu';
import { STAFF_ROLE_KEY } from '../builtin-names';
import { menus, roleMenus, roles } from '../schema';
import { seedDatabase } from '.';
import { STAFF_ADMIN_ONLY_MENUS, STAFF_MENU_ROOTS_ADDED_BY_ISSUE_34 } from './menu-tree';

// A copy of the migrated database that the first start already seeded.
const database = useDatabaseCopy();

describe('seed on a later start', () => {
  it('hands back no secret to print: neither an admin password nor the root invitation code', async () => {
    expect(await seedDatabase(database.db, { menu: SEED_MENU })).toEqual({});
    expect(await seedDatabase(database.db, { adminPassword: 'another-password-1', menu: SEED_MENU })).toEqual({});
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

/** The menus issue 34 added to the staff defaults (App management, without the configuration centre). */
async function issue34Menus(): Promise<string[]> {
  const all = await database.db.select({ id: menus.id, parentId: menus.parentId, name: menus.name }).from(menus);
  const root = all.find((m) => m.name === STAFF_MENU_ROOTS_ADDED_BY_ISSUE_34[0]);
  if (!root) throw new Error('no App menu');
  const under = (id: number): string[] => all.filter((m) => m.parentId === id).flatMap((m) => [m.name, ...under(m.id)]);
  return [root.name, ...under(root.id)].filter(
    (name) => !name.startsWith('AppItem') && !name.startsWith('AppNamespace'),
  );
}

async function withdrawFromStaff(names: string[]): Promise<void> {
  const ids = await menuIds(names);
  await database.db
    .delete(roleMenus)
    .where(and(eq(roleMenus.roleId, await staffRoleId()), inArray(roleMenus.menuId, ids)));
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
    // What the seed before issue 13 granted: every menu under the staff roots of its time, the
    // admin-only ones included (permission config, and the usage quota button of issue 17), and
    // no App management (issue 34).
    await withdrawFromStaff(await issue34Menus());
    const adminOnly = await menuIds(['AiPermission', 'UsageDashboard:quotaEdit']);
    expect(adminOnly).toHaveLength(2);
    await database.db.insert(roleMenus).values(adminOnly.map((menuId) => ({ roleId, menuId })));
    expect(await staffMenuNames()).toContain('AiPermission');
    await seedDatabase(database.db, { menu: SEED_MENU });
    const names = await staffMenuNames();
    expect(names).not.toContain('AiPermission');
    expect(names).not.toContain('UsageDashboard:quotaEdit');
    expect(names).toContain('UsageDashboard:view');
    expect(names).toContain('AiMainPrompt');
    // Unchanged since its seed, so it gets App info too (issue 34).
    expect(names).toEqual(expect.arrayContaining(['App', 'AppInfo', 'AppInfo:start']));
    // Idempotent: another start changes nothing.
    await seedDatabase(database.db, { menu: SEED_MENU });
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
      await seedDatabase(database.db, { menu: SEED_MENU });
      const names = await staffMenuNames();
      expect(names).toContain('AiPermission');
      expect(names).not.toContain('ChatAccount');
    } finally {
      await database.db.delete(roleMenus).where(and(eq(roleMenus.roleId, roleId), eq(roleMenus.menuId, permission)));
      await database.db.insert(roleMenus).values({ roleId, menuId: account });
    }
  });
});

/** Issue 34: the role a customer's first registered user gets had no App management. */
describe('App info for the staff role', () => {
  it('a new database gives staff App info with every button, but not the configuration centre', async () => {
    const names = await staffMenuNames();
    expect(names).toEqual(
      expect.arrayContaining(['App', 'AppInfo', 'AppInfo:add', 'AppInfo:edit', 'AppInfo:start', 'AppInfo:stop']),
    );
    expect(names).toEqual(expect.arrayContaining(['AppInfo:remove', 'AppInfo:key']));
    expect(names.filter((n) => n.startsWith('AppItem') || n.startsWith('AppNamespace'))).toEqual([]);
    for (const adminOnly of STAFF_ADMIN_ONLY_MENUS) expect(names).not.toContain(adminOnly);
  });

  it('an older database whose staff role nobody changed gets App info on the next start, once', async () => {
    const before = await staffMenuNames();
    const added = await issue34Menus();
    expect(added).toEqual(expect.arrayContaining(['App', 'AppInfo', 'AppInfo:stop']));
    await withdrawFromStaff(added);
    expect(await staffMenuNames()).not.toContain('AppInfo');
    await seedDatabase(database.db, { menu: SEED_MENU });
    const names = await staffMenuNames();
    expect(names.sort()).toEqual(before.sort());
    await seedDatabase(database.db, { menu: SEED_MENU });
    expect((await staffMenuNames()).sort()).toEqual(before.sort());
  });

  it('a staff role an operator changed is left without App info', async () => {
    const roleId = await staffRoleId();
    const [account] = await menuIds(['ChatAccount']);
    const [operlog] = await menuIds(['MonitorOperlog']);
    if (!account || !operlog) throw new Error('seed menus missing');
    const added = await issue34Menus();
    await withdrawFromStaff(added);
    try {
      // Took a screen away.
      await database.db.delete(roleMenus).where(and(eq(roleMenus.roleId, roleId), eq(roleMenus.menuId, account)));
      await seedDatabase(database.db, { menu: SEED_MENU });
      expect(await staffMenuNames()).not.toContain('AppInfo');
      await database.db.insert(roleMenus).values({ roleId, menuId: account });
      // Gave a screen outside the staff defaults.
      await database.db.insert(roleMenus).values({ roleId, menuId: operlog });
      await seedDatabase(database.db, { menu: SEED_MENU });
      expect(await staffMenuNames()).not.toContain('AppInfo');
      await database.db.delete(roleMenus).where(and(eq(roleMenus.roleId, roleId), eq(roleMenus.menuId, operlog)));
      // Edited the role itself (the role screen sets updated_at; the permission assignment too).
      const [row] = await database.db.select({ createdAt: roles.createdAt }).from(roles).where(eq(roles.id, roleId));
      await database.db
        .update(roles)
        .set({ updatedAt: new Date((row?.createdAt.getTime() ?? 0) + 60_000) })
        .where(eq(roles.id, roleId));
      await seedDatabase(database.db, { menu: SEED_MENU });
      expect(await staffMenuNames()).not.toContain('AppInfo');
    } finally {
      const [row] = await database.db.select({ createdAt: roles.createdAt }).from(roles).where(eq(roles.id, roleId));
      await database.db.update(roles).set({ updatedAt: row?.createdAt }).where(eq(roles.id, roleId));
      await database.db
        .insert(roleMenus)
        .values([...(await menuIds(added)), account].map((menuId) => ({ roleId, menuId })))
        .onConflictDoNothing();
    }
  });
});
