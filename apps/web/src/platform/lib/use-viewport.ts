import { useSyncExternalStore } from 'react';

/** Under this width the console is laid out for a phone (SPEC §9: the chat opens full screen). */
export const MOBILE_BREAKPOINT = 768;
/** Up to this width (inclusive) a screen of at least MOBILE_BREAKPOINT is a tablet. */
export const TABLET_MAX_WIDTH = 1024;

export type Viewport = 'phone' | 'tablet' | 'desktop';

const PHONE = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
const TABLET = `(min-width: ${MOBILE_BREAKPOINT}px) and (max-width: ${TABLET_MAX_WIDTH}px)`;

function current(): Viewport {
  if (window.matchMedia(PHONE).matches) return 'phone';
  if (window.matchMedia(TABLET).matches) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  const lists = [window.matchMedia(PHONE), window.matchMedia(TABLET)];
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/**
 * The one breakpoint source of the web app: phone under 768 px, tablet up to 1024 px, desktop
 * above. Media queries rather than resize events, so a change re-renders once, at the crossing.
 */
export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
