import type { ComponentType } from 'react';
import type { PageTable } from '../../platform/navigation/page-table';

/**
 * Pages of menu-driven routes. Each feature lists its screens in its own `pages.ts`, keyed by the
 * component path its menu rows store (`system/user/index`): the keys live in the database, so
 * they are written out rather than derived from where a file happens to be. A new feature's
 * screens need no line here; a component path no feature lists is reported and shows the 404 page.
 * The tables are small and eager; each page stays a chunk of its own, loaded on first open.
 */
const tables = import.meta.glob<PageTable>('../../features/*/*/pages.ts', { eager: true, import: 'pages' });

const byComponent = new Map<string, () => Promise<{ default: ComponentType }>>();
for (const table of Object.values(tables)) {
  for (const [component, load] of Object.entries(table)) byComponent.set(component, load);
}

export function findPage(
  component: string | null | undefined,
): (() => Promise<{ default: ComponentType }>) | undefined {
  if (!component) return undefined;
  return byComponent.get(component.replace(/^\/+/, '').replace(/\.(vue|tsx?)$/, ''));
}
