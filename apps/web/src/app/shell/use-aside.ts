import { useEffect, useState } from 'react';
import type { Viewport } from '../../platform/lib/use-viewport';
import { useSettingsStore } from '../../platform/stores/settings-store';

export interface AsideState {
  /** The side menu shows icons only (60 px). */
  collapsed: boolean;
  toggle(): void;
  expand(): void;
}

/**
 * Whether the side menu is collapsed. On a desktop that is the user's saved choice. A tablet starts
 * collapsed, and expanding it there lasts until the screen leaves tablet width: the saved desktop
 * choice is never overwritten by what suits a narrower screen. (A phone has no side menu: a drawer.)
 */
export function useAside(viewport: Viewport): AsideState {
  const saved = useSettingsStore((s) => s.asideCollapsed);
  const save = useSettingsStore((s) => s.setAsideCollapsed);
  const [tabletExpanded, setTabletExpanded] = useState(false);

  useEffect(() => {
    if (viewport !== 'tablet') setTabletExpanded(false);
  }, [viewport]);

  if (viewport === 'tablet')
    return {
      collapsed: !tabletExpanded,
      toggle: () => setTabletExpanded((e) => !e),
      expand: () => setTabletExpanded(true),
    };
  return { collapsed: saved, toggle: () => save(!saved), expand: () => save(false) };
}
