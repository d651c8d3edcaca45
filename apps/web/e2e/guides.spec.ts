import { invitationCodes } from '@agent-console/server/test/db';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './support/harness';

type Lang = 'en' | 'zh-chs' | 'zh-cht' | 'ja';
const LANGS: Lang[] = ['en', 'zh-chs', 'zh-cht', 'ja'];

/** The two guides: their menu entries, and their titles, which are also the menu's titles. */
const GUIDES = [
  {
    name: 'user',
    menu: 'GuideUser',
    title: { en: 'User guide', 'zh-chs': '用户指南', 'zh-cht': '使用者指南', ja: 'ユーザーガイド' },
  },
  {
    name: 'doc',
    menu: 'GuideDoc',
    title: { en: 'Instruction doc', 'zh-chs': '说明文档', 'zh-cht': '說明文件', ja: '説明ドキュメント' },
  },
] as const;

/** The count line of the `guide` namespace, per language. */
const COUNT: Record<Lang, { matches(n: number, total: number): string; all(total: number): string }> = {
  en: { matches: (n, total) => `${n} of ${total} sections match`, all: (total) => `${total} sections` },
  'zh-chs': { matches: (n, total) => `${total} 个章节中有 ${n} 个匹配`, all: (total) => `共 ${total} 个章节` },
  'zh-cht': { matches: (n, total) => `${total} 個章節中有 ${n} 個符合`, all: (total) => `共 ${total} 個章節` },
  ja: { matches: (n, total) => `${total} セクション中 ${n} 件が一致`, all: (total) => `全 ${total} セクション` },
};

let h: Harness;
const STAFF = { username: 'guidestaff', password: 'guide-staff-1' };
beforeAll(async () => {
  h = await startHarness();
  // Registering with the root customer's code gives the seeded Staff role, which has the Help menu.
  const [invite] = await h.t.database.db.select({ code: invitationCodes.code }).from(invitationCodes).limit(1);
  const body = {
    username: STAFF.username,
    password: STAFF.password,
    confirmPassword: STAFF.password,
    invitationCode: invite?.code,
    agreement: true,
  };
  const res = await h.t.call('POST', '/api/register', { body });
  if (res.body.code !== '00000') throw new Error('register failed');
});
afterAll(() => h.close());

const USERS = [
  { who: 'admin', username: 'admin', password: () => TEST_ADMIN_PASSWORD },
  { who: 'staff', username: STAFF.username, password: () => STAFF.password },
];

async function signedIn(username: string, password: string, lang: Lang, width = 1280, height = 800): Promise<Page> {
  const { page } = await h.newPage({ lang, width, height });
  await signIn(page, username, password);
  await page.waitForURL(/\/index$/);
  await page.getByTestId('app-layout').waitFor();
  return page;
}

/** Opens a guide the way a person does: the Help directory, then its entry. */
async function openFromMenu(page: Page, menu: string, name: string): Promise<void> {
  const entry = page.getByTestId(`menu-${menu}`);
  if (!(await entry.isVisible())) await page.getByTestId('menu-Guide').click();
  await entry.click();
  await page.locator(`[data-testid="guide-page"][data-guide="${name}"]`).waitFor();
}

async function shownSections(page: Page): Promise<string[]> {
  return page.getByTestId('guide-section').evaluateAll((els) => els.map((el) => el.getAttribute('data-section') ?? ''));
}

async function tocSections(page: Page): Promise<string[]> {
  return page
    .getByTestId('guide-toc-link')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-section') ?? ''));
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;

/**
 * A word from one section that no other section contains (compared as the search compares:
 * anywhere in the text, ignoring case). English words are split at spaces and punctuation;
 * Chinese and Japanese have no spaces, so their words are 4- and 3-character pieces of a run.
 */
function uniqueWord(texts: Map<string, string>, id: string, lang: Lang): string | undefined {
  const own = texts.get(id) ?? '';
  const others = [...texts].filter(([other]) => other !== id).map(([, t]) => t.toLowerCase());
  const candidates =
    lang === 'en'
      ? own.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 5)
      : (own.match(CJK) ?? []).flatMap((run) =>
          [4, 3].flatMap((n) => Array.from({ length: Math.max(0, run.length - n + 1) }, (_, i) => run.slice(i, i + n))),
        );
  return candidates.find((w) => !others.some((t) => t.includes(w.toLowerCase())));
}

/** For each section: search a word only it contains; exactly it stays, highlighted. */
async function searchEachSection(page: Page, lang: Lang): Promise<void> {
  const ids = await shownSections(page);
  expect(ids.length).toBeGreaterThan(5);
  const texts = new Map<string, string>();
  for (const id of ids) {
    texts.set(id, await page.locator(`[data-testid="guide-section"][data-section="${id}"]`).innerText());
  }
  const search = page.getByTestId('guide-search');
  const count = page.getByTestId('guide-count');
  await expect.poll(() => count.innerText()).toBe(COUNT[lang].all(ids.length));
  for (const id of ids) {
    const word = uniqueWord(texts, id, lang);
    expect(word, `a word only section ${id} contains`).toBeTruthy();
    // Typed in capitals where the script has case: the search ignores case.
    await search.fill(lang === 'en' ? (word ?? '').toUpperCase() : (word ?? ''));
    await expect.poll(() => shownSections(page), { message: `search "${word}"` }).toEqual([id]);
    expect(await tocSections(page)).toEqual([id]);
    expect(await count.innerText()).toBe(COUNT[lang].matches(1, ids.length));
    const marked = await page.locator('[data-testid="guide-section"] mark').allInnerTexts();
    // Each occurrence is marked, in one piece or, where it spans bold text, in several.
    const joined = marked.join('').toLowerCase();
    expect(joined.length).toBeGreaterThan(0);
    expect(joined).toBe((word ?? '').toLowerCase().repeat(joined.length / (word ?? ' ').length));
  }
  await search.fill('zzqxjv');
  await page.getByTestId('guide-empty').waitFor();
  expect(await shownSections(page)).toEqual([]);
  expect(await count.innerText()).toBe(COUNT[lang].matches(0, ids.length));
  await page.getByTestId('guide-clear').click();
  await expect.poll(() => shownSections(page)).toEqual(ids);
  expect(await search.inputValue()).toBe('');
}

describe.each(USERS)('guides for $who', ({ username, password }) => {
  it.each(LANGS)('open from the menu in %s, and the search finds a word of every section', async (lang) => {
    const page = await signedIn(username, password(), lang);
    for (const guide of GUIDES) {
      await openFromMenu(page, guide.menu, guide.name);
      expect(await page.getByTestId('guide-title').innerText()).toBe(guide.title[lang]);
      await searchEachSection(page, lang);
    }
  });
});

describe('guide page', () => {
  it('follows the language switch in the header', async () => {
    const page = await signedIn('admin', TEST_ADMIN_PASSWORD, 'en');
    await openFromMenu(page, 'GuideDoc', 'doc');
    await page.getByTestId('guide-search').fill('scope');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await expect.poll(() => page.getByTestId('guide-title').innerText()).toBe('説明ドキュメント');
    // The words typed stay; the sections are now the Japanese ones (none says "scope").
    await page.getByTestId('guide-search').fill('データ範囲');
    // Every section shows until the search has been applied, data-scope among them: wait for the
    // count of matches first, then look at which sections they are.
    await expect.poll(() => page.getByTestId('guide-count').innerText()).toMatch(/セクション中 \d+ 件が一致/);
    expect(await shownSections(page)).toContain('data-scope');
  });

  it('is usable from the keyboard: contents links move focus to their section, Esc clears the search', async () => {
    const page = await signedIn('admin', TEST_ADMIN_PASSWORD, 'en');
    await openFromMenu(page, 'GuideUser', 'user');
    const search = page.getByTestId('guide-search');
    await search.focus();
    await page.keyboard.type('invitation');
    await expect.poll(() => shownSections(page)).toContain('customers');
    await page.keyboard.press('Escape');
    expect(await search.inputValue()).toBe('');
    await expect.poll(async () => (await shownSections(page)).length).toBeGreaterThan(20);

    const link = page.locator('[data-testid="guide-toc-link"][data-section="limits"]');
    await link.focus();
    await page.keyboard.press('Enter');
    const heading = page.locator('#guide-user-limits');
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    // Scrolled inside the page area, and the address stays the page's own.
    await expect
      .poll(() =>
        heading.evaluate((el) => {
          const area = el.closest('.app-content')?.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return !!area && box.top >= area.top - 1 && box.bottom <= area.bottom;
        }),
      )
      .toBe(true);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/guide/user');

    // Enter in the search jumps to the first matching section.
    await search.fill('Recycle bin');
    await search.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('guide-user-knowledge-files');
  });

  it('fits a 390px phone: no horizontal overflow, contents folded until opened', async () => {
    const page = await signedIn(STAFF.username, STAFF.password, 'zh-chs', 390, 844);
    await page.goto('/guide/user');
    await page.getByTestId('guide-page').waitFor();
    const overflow = () =>
      page.evaluate(() =>
        ['.guide', '.guide-doc', '.guide-side'].map((sel) => {
          const el = document.querySelector(sel) as HTMLElement | null;
          return el ? el.scrollWidth - el.clientWidth : -1;
        }),
      );
    expect(await overflow()).toEqual([0, 0, 0]);
    const contents = page.getByTestId('guide-toc');
    expect(await contents.isVisible()).toBe(false);
    await page.locator('.guide-toc-fold > summary').click();
    await contents.waitFor();
    await page.locator('[data-testid="guide-toc-link"][data-section="limits"]').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('guide-user-limits');
    // The widest thing in the guide, the limits table, scrolls inside its own box.
    expect(await overflow()).toEqual([0, 0, 0]);
    await page.getByTestId('guide-search').fill('二维码');
    await expect.poll(() => shownSections(page)).toContain('chat-accounts');
    expect(await overflow()).toEqual([0, 0, 0]);
  });
});
