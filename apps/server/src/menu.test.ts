import * as contracts from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import {
  MENU_SKELETON,
  type MenuPlacement,
  type SeedMenu,
  STAFF_ADMIN_ONLY_MENUS,
  STAFF_MENU_ROOTS,
  t,
} from './db/seed/menu-tree';
import { assembleMenu, menuPlacements, SEED_MENU } from './menu';
import { MODULES } from './modules';

/**
 * The seeded menu is put together from the skeleton and every feature's manifest (src/menu.ts);
 * nothing but these rules keeps the pieces consistent, and a broken one shows only as a missing
 * or doubled screen in a running console.
 */

/** A node and everything below it. */
const nodesOf = (menu: SeedMenu): SeedMenu[] => [menu, ...(menu.children ?? []).flatMap(nodesOf)];
const allNodes = SEED_MENU.flatMap(nodesOf);
const codesOf = (m: (typeof MODULES)[number]) => m.permissions.flatMap((group) => Object.values(group));
const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe('seeded menu', () => {
  it('holds every placement once: no name (the seed upserts by it) and no page component twice', () => {
    const placed = menuPlacements(MODULES).map((p) => p.menu.name);
    const names = allNodes.map((n) => n.name);
    expect(placed.filter((name) => !names.includes(name))).toEqual([]);
    expect(duplicates(names)).toEqual([]);
    const components = allNodes.filter((n) => n.type === 'menu').map((n) => n.component ?? `(none: ${n.name})`);
    expect(components.length).toBeGreaterThan(20);
    expect(duplicates(components)).toEqual([]);
  });

  it("carries on each feature's pages only codes of that feature's own permission groups", () => {
    const strays = MODULES.flatMap((m) => {
      const own = new Set<string>(codesOf(m));
      return (m.menu ?? [])
        .flatMap((p) => nodesOf(p.menu))
        .filter((n) => n.permission && !own.has(n.permission))
        .map((n) => `${m.name}: ${n.name} (${n.permission})`);
    });
    expect(strays).toEqual([]);
    const skeletonCodes = MENU_SKELETON.flatMap((p) => nodesOf(p.menu)).filter((n) => n.permission);
    expect(skeletonCodes.map((n) => n.name)).toEqual([]);
  });

  it('gives every permission group one owner, and every group a contract declares (`*_PERMISSIONS`) has one', () => {
    const owned = MODULES.flatMap(codesOf);
    expect(duplicates(owned)).toEqual([]);
    const declared = Object.entries(contracts)
      .filter(([name, group]) => name.endsWith('_PERMISSIONS') && typeof group === 'object' && group !== null)
      .flatMap(([, group]) => Object.values(group as Record<string, contracts.PermissionCode>));
    expect(declared.length).toBeGreaterThan(80);
    expect(declared.filter((code) => !owned.includes(code))).toEqual([]);
  });

  it('numbers the entries of each directory (and of the top level) apart', () => {
    const placements = menuPlacements(MODULES);
    const key = (p: MenuPlacement) => `${p.under ?? '(top level)'} ${p.order}`;
    const clashes = duplicates(placements.map(key)).map((k) =>
      placements
        .filter((p) => key(p) === k)
        .map((p) => p.menu.name)
        .join(' and '),
    );
    expect(clashes).toEqual([]);
  });

  it('places pages only under directories that exist', () => {
    const directories = new Set(allNodes.filter((n) => n.type === 'directory').map((n) => n.name));
    const astray = menuPlacements(MODULES).filter((p) => p.under !== undefined && !directories.has(p.under));
    expect(astray.map((p) => `${p.menu.name} under ${p.under}`)).toEqual([]);
    const page: SeedMenu = { name: 'Lost', type: 'menu', titles: t('Lost', '', '', '') };
    expect(() => assembleMenu([...MENU_SKELETON, { under: 'Nowhere', order: 10, menu: page }])).toThrow(/Nowhere/);
  });

  it('names in the staff role lists only menus that exist', () => {
    const names = new Set(allNodes.map((n) => n.name));
    expect([...STAFF_MENU_ROOTS, ...STAFF_ADMIN_ONLY_MENUS].filter((name) => !names.has(name))).toEqual([]);
  });
});
