/**
 * Where sign-in leads (issue 34). The page a user was on when they signed out (or their session
 * ended) is in the sign-in address's `redirect`, and it is theirs: the next person to sign in on
 * that browser is someone else more often than not, and is taken to Home instead of a page of the
 * previous user's (a 404 for a new staff member). A `redirect` nobody left behind (a bookmarked deep
 * link) is followed for whoever signs in. Whether the user may open the page is decided by the
 * shell, which sends a page they cannot open after sign-in to Home too (`fromSignIn`).
 */

const KEY = 'agent-console:signed-out';

/** History state of the navigation that follows a sign-in. */
export interface SignInState {
  fromSignIn: true;
}

/** The sign-in address that brings `who` (null: nobody signed in) back to `here`. */
export function signInAddress(who: string | null, here: string): string {
  try {
    if (who) localStorage.setItem(KEY, JSON.stringify({ who, target: here }));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the redirect is then followed for anyone, as before.
  }
  return `/login?redirect=${encodeURIComponent(here)}`;
}

/** Where `username` goes once signed in with the sign-in page's `redirect`. */
export function targetAfterSignIn(username: string, redirect: string | null): string {
  const target = safeRedirect(redirect);
  const left = takeSignedOut();
  if (left && left.target === target && left.who !== username) return '/index';
  return target;
}

/** Who signed out from where, read once: a sign-in uses it up. */
function takeSignedOut(): { who?: unknown; target?: unknown } | null {
  try {
    const left = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { who?: unknown; target?: unknown } | null;
    localStorage.removeItem(KEY);
    return left && typeof left === 'object' ? left : null;
  } catch {
    return null;
  }
}

/** Control characters and backslashes have no place in a console path; browsers drop or convert them. */
function unreadable(char: string): boolean {
  const code = char.charCodeAt(0);
  return char === '\\' || code < 0x20 || code === 0x7f;
}

/** A stand-in origin: a path that resolves anywhere else names another site. */
const SAME_ORIGIN = 'http://console.invalid';

/**
 * Only same-origin paths are followed after sign-in, so a crafted link cannot send users away.
 * Decided as the browser reads the path: it takes `\` for `/`, so `/\evil.example` is another site
 * (and the router, refusing it, would leave the user on the sign-in page).
 */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || [...target].some(unreadable)) return '/index';
  let url: URL;
  try {
    url = new URL(target, SAME_ORIGIN);
  } catch {
    return '/index';
  }
  if (url.origin !== SAME_ORIGIN || url.pathname.startsWith('/login')) return '/index';
  return `${url.pathname}${url.search}${url.hash}`;
}
