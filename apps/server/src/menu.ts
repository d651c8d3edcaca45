import { MENU_SKELETON, type MenuPlacement, type SeedMenu } from './db/seed/menu-tree';
import type { FeatureModule } from './http/app-deps';
import { MODULES } from './modules';

/**
 * The seeded menu, put together here because it needs both halves: the skeleton of directories
 * (db/seed/menu-tree.ts) and the pages each feature's manifest places in it. `db/` may not import
 * the modules, so the seed takes the result as a parameter (`seedDatabase`).
 */

/** The skeleton's placements and those of every feature, in no particular order. */
export function menuPlacements(modules: readonly FeatureModule[]): MenuPlacement[] {
  return [...MENU_SKELETON, ...modules.flatMap((m) => m.menu ?? [])];
}

/**
 * The tree: each level holds the placements under it, by their order; a directory's children are
 * those placed under its name. A placement under a name that is no directory would vanish from
 * the menu without a word, so it throws instead, naming the page: on import, which fails the tests
 * long before a start would.
 */
export function assembleMenu(placements: readonly MenuPlacement[]): SeedMenu[] {
  const directories = new Set(placements.filter((p) => p.menu.type === 'directory').map((p) => p.menu.name));
  const astray = placements.find((p) => p.under !== undefined && !directories.has(p.under));
  if (astray) throw new Error(`menu: ${astray.menu.name} is placed under ${astray.under}, which is no directory`);
  const level = (under: string | undefined): SeedMenu[] =>
    placements
      .filter((p) => p.under === under)
      .sort((a, b) => a.order - b.order)
      .map(({ menu }) =>
        menu.type === 'directory' ? { ...menu, children: [...(menu.children ?? []), ...level(menu.name)] } : menu,
      );
  return level(undefined);
}

/** What the seed writes: every feature's pages in the skeleton. */
export const SEED_MENU: readonly SeedMenu[] = assembleMenu(menuPlacements(MODULES));
