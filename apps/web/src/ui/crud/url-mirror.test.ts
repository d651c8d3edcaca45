import { describe, expect, it } from 'vitest';
import { type Mirror, mirrorForRender, needsWrite, type Pending, settled } from './url-mirror';

type Sort = 'none' | 'asc' | 'desc';
const KEY: Record<Sort, string> = { none: '', asc: 'orderBy=code.asc', desc: 'orderBy=code.desc' };
const fromKey = (key: string): Sort => (Object.entries(KEY).find(([, k]) => k === key)?.[0] as Sort) ?? 'none';

/** A list driven the way React and the router drive it, one step at a time. */
function list() {
  let url = KEY.none;
  let pending: Pending = [];
  let mirror: Mirror<Sort> = { key: url, state: 'none' };
  const render = (urlSeen = url) => {
    mirror = mirrorForRender(mirror, urlSeen, pending, fromKey(urlSeen));
    return mirror.state;
  };
  return {
    render,
    /** A click on the header: the next order from what the table shows now. */
    click() {
      const next: Sort = { none: 'asc', asc: 'desc', desc: 'none' }[render()] as Sort;
      mirror = { key: KEY[next], state: next };
      if (needsWrite(KEY[next], url, pending)) pending = [...pending, KEY[next]];
      return next;
    },
    /** The router commits the oldest write still on its way; the effect after it settles. */
    commitUrl(key = pending[0] ?? url) {
      url = key;
      render();
      pending = settled(pending, url);
    },
    get pending() {
      return pending;
    },
  };
}

describe('a list ahead of its URL', () => {
  it('keeps a click when a render with the old URL comes after one with the new URL was thrown away', () => {
    const l = list();
    expect(l.click()).toBe('asc');
    // React renders with the new URL, a data fetch interrupts that render, and the next render
    // still sees the old URL: the click must survive.
    expect(l.render(KEY.asc)).toBe('asc');
    expect(l.render(KEY.none)).toBe('asc');
    expect(l.click()).toBe('desc');
    l.commitUrl();
    l.commitUrl();
    expect(l.render()).toBe('desc');
    expect(l.pending).toEqual([]);
  });

  it('writes a click back to the committed query when an earlier write is still on its way', () => {
    const l = list();
    l.click();
    l.click();
    l.click(); // back to no order while asc and desc are still on their way
    expect(l.pending).toEqual([KEY.asc, KEY.desc, KEY.none]);
    l.commitUrl(KEY.none); // the router coalesced the three writes into the last one
    expect(l.pending).toEqual([]);
    expect(l.render()).toBe('none');
  });

  it('takes the URL when it moved by itself', () => {
    const l = list();
    l.click();
    l.commitUrl();
    expect(l.render(KEY.desc)).toBe('desc');
  });

  it('writes nothing for the query the URL already holds or is about to hold', () => {
    expect(needsWrite('a', 'a', [])).toBe(false);
    expect(needsWrite('a', '', ['a'])).toBe(false);
    expect(needsWrite('', '', ['a'])).toBe(true);
  });
});
