import { beforeEach, describe, expect, it } from 'vitest';
import { safeRedirect, signInAddress, targetAfterSignIn } from './sign-in-target';

/** The browser's localStorage, in memory: these tests run in Node. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
});

describe('where sign-in leads', () => {
  it('takes the user who signed out back to their page, and anyone else Home', () => {
    const address = signInAddress('alice', '/system/dept?page=2');
    expect(address).toBe('/login?redirect=%2Fsystem%2Fdept%3Fpage%3D2');
    expect(targetAfterSignIn('bob', '/system/dept?page=2')).toBe('/index');
    signInAddress('alice', '/system/dept');
    expect(targetAfterSignIn('alice', '/system/dept')).toBe('/system/dept');
  });

  it('uses up what was left behind: one sign-in reads it', () => {
    signInAddress('alice', '/system/dept');
    expect(targetAfterSignIn('alice', '/system/dept')).toBe('/system/dept');
    // A bookmarked deep link nobody left behind is followed for whoever signs in.
    expect(targetAfterSignIn('bob', '/system/dept')).toBe('/system/dept');
    signInAddress(null, '/monitor/online');
    expect(targetAfterSignIn('bob', '/monitor/online')).toBe('/monitor/online');
  });

  it('never leaves the site or loops back to sign-in', () => {
    expect(safeRedirect('//evil.example/x')).toBe('/index');
    expect(safeRedirect('https://evil.example')).toBe('/index');
    expect(safeRedirect('/login?redirect=/x')).toBe('/index');
    expect(safeRedirect(null)).toBe('/index');
    // Browsers read a backslash as a slash, and drop tabs and newlines from a URL.
    expect(safeRedirect('/\\evil.example')).toBe('/index');
    expect(safeRedirect('/\\/evil.example/x')).toBe('/index');
    expect(safeRedirect('/\t/evil.example')).toBe('/index');
    expect(safeRedirect('/%5Cevil.example')).toBe('/%5Cevil.example');
    expect(safeRedirect('/./login')).toBe('/index');
    expect(safeRedirect('/system/user?tab=2#top')).toBe('/system/user?tab=2#top');
    expect(targetAfterSignIn('bob', '//evil.example')).toBe('/index');
  });
});
