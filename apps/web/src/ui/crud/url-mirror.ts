/**
 * How a list keeps its state ahead of the URL. The router applies a new query in a transition, so
 * a list that only read the URL would show the old sort until that render commits, and a second
 * quick click on a sort header would start from the old one. The list therefore keeps a mirror —
 * its state with the query it stands for — and writes the URL behind it.
 *
 * The queries still on their way are tracked only from event handlers and committed effects,
 * never from a render: React may render with the new URL, throw that render away (a data fetch
 * interrupts the transition) and render again with the old URL. A render that cleared "pending"
 * would then take the old URL for a change made elsewhere and undo the click.
 */
export interface Mirror<S> {
  key: string;
  state: S;
}

/** Queries written to the URL and not yet seen committed, oldest first. */
export type Pending = readonly string[];

/**
 * The mirror a render shows. The URL wins only when it moved by itself (reload, a link, Back,
 * returning to this tab): it differs from the mirror while none of the list's own writes is
 * still on its way.
 */
export function mirrorForRender<S>(mirror: Mirror<S>, urlKey: string, pending: Pending, fromUrl: S): Mirror<S> {
  if (pending.length > 0 || urlKey === mirror.key) return mirror;
  return { key: urlKey, state: fromUrl };
}

/**
 * Whether a change the list made must be written to the URL: not when it asks for the query the
 * URL already holds or is about to hold.
 */
export function needsWrite(key: string, urlKey: string, pending: Pending): boolean {
  const requested = pending.length > 0 ? pending[pending.length - 1] : urlKey;
  return key !== requested;
}

/**
 * The writes still on their way once the URL committed `urlKey`. The router applies writes in
 * order, so seeing one settles it and every one before it.
 */
export function settled(pending: Pending, urlKey: string): Pending {
  const at = pending.lastIndexOf(urlKey);
  return at < 0 ? pending : pending.slice(at + 1);
}
