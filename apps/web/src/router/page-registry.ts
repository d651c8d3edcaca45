import type { ComponentType } from 'react';

/**
 * Pages of menu-driven routes, found by file name: the server's component path `system/user/index`
 * is the page `pages/system/user/index.page.tsx` (default export). A new screen needs no
 * registration; a component path with no such file is reported and shows the 404 page.
 */
const modules = import.meta.glob<{ default: ComponentType }>('../pages/**/*.page.tsx');

const byComponent = new Map<string, () => Promise<{ default: ComponentType }>>();
for (const [file, load] of Object.entries(modules)) {
  const component = file.replace(/^\.\.\/pages\//, '').replace(/\.page\.tsx$/, '');
  byComponent.set(component, load);
}

export function findPage(
  component: string | null | undefined,
): (() => Promise<{ default: ComponentType }>) | undefined {
  if (!component) return undefined;
  return byComponent.get(component.replace(/^\/+/, '').replace(/\.(vue|tsx?)$/, ''));
}

export function knownComponents(): string[] {
  return [...byComponent.keys()].sort();
}
