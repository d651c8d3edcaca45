import type { MenuRoute } from '@agent-console/contracts';
import { fixtures } from '@agent-console/server/test/fixtures/dept';
import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, openSignedIn, startHarness } from './support/harness';

/**
 * Issue 34: "Go to apps" on the AI screens led staff to a 404. No link of the console may lead a
 * person to a page they cannot open. For each seeded role (the super admin, and a customer's first
 * user, registered with the customer's invitation code: the staff role), and for a role an
 * operator made with the AI screens but without App info, this signs in, opens every page of the
 * person's own router list (and, where a screen picks a customer and then an app, the same screen
 * with the person's own customer chosen, the state in which "no apps yet" offers its link), collects
 * every in-app link on it, and opens each: it must show a page, never the not-found screen.
 */
let h: Harness;
let f: ReturnType<typeof fixtures>;
let admin: string;

interface Person {
  username: string;
  password: string;
  customerId: number;
  token: string;
}

beforeAll(async () => {
  h = await startHarness();
  admin = await h.t.loginAdmin();
  f = fixtures(h.t, () => admin);
});
afterAll(() => h.close());

/** Pages of the person's router list: leaf routes with a page of the web app, in the console. */
async function menuPages(token: string): Promise<string[]> {
  const answer = await h.t.call<MenuRoute[]>('GET', '/api/v3/system/menu/get/current/router', { token });
  expect(answer.body.code).toBe('00000');
  const paths: string[] = [];
  const walk = (routes: MenuRoute[]) => {
    for (const r of routes) {
      if (r.type === 'menu' && r.path && r.component && !r.meta.external) paths.push(r.path);
      walk(r.children);
    }
  };
  walk(answer.body.data);
  return [...new Set(['/index', '/log', ...paths])];
}

/** The shown page frame has rendered its page: no chunk, spinner or skeleton still on its way. */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('app-layout').waitFor();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const frame = document.querySelector('.page-frame:not([hidden])');
        if (!frame?.firstElementChild) return false;
        return !frame.querySelector('.page-loading, .ant-skeleton, .ant-spin-spinning');
      }),
    )
    .toBe(true);
}

/** In-app links on the page: same origin, opened in this window, not a place on the same page. */
async function inAppLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const raw = a.getAttribute('href') ?? '';
      if (raw.startsWith('#') || a.hasAttribute('download') || (a.target && a.target !== '_self')) continue;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin) continue;
      out.push(`${url.pathname}${url.search}`);
    }
    return out;
  });
}

/** Opens a page, settled; answers the in-app links on it. */
async function linksOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await settled(page);
  expect(await page.getByTestId('not-found').count(), `${path} is one of the person's own pages`).toBe(0);
  return inAppLinks(page);
}

/**
 * Every page of the person and the links on them, as { target → pages it was found on }. A screen
 * with the customer-then-app picker is opened a second time with the person's own customer chosen.
 */
async function collect(page: Page, person: Person): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const note = (target: string, on: string) => found.set(target, [...(found.get(target) ?? []), on]);
  for (const path of await menuPages(person.token)) {
    for (const target of await linksOn(page, path)) note(target, path);
    if (await page.locator('.customer-app-picker').count()) {
      const chosen = `${path}?customerId=${person.customerId}`;
      for (const target of await linksOn(page, chosen)) note(target, chosen);
    }
  }
  return found;
}

/** Each target opens a page of the console, not the not-found screen. */
async function brokenTargets(page: Page, found: Map<string, string[]>): Promise<string[]> {
  const broken: string[] = [];
  for (const [target, on] of found) {
    await page.goto(target);
    await settled(page);
    if (await page.getByTestId('not-found').count()) broken.push(`${target} (linked from ${on.join(', ')})`);
  }
  return broken;
}

/** A new customer made by the root admin, and its first user, registered with its invitation code. */
async function registeredMember(): Promise<Person> {
  const customerId = await f.customer();
  const { code } = await f.ok<{ code: string }>('GET', `/api/v3/system/dept/invitation/${customerId}`);
  const username = f.unique('walker');
  const password = 'walker-pass-9';
  const answer = await h.t.call('POST', '/api/register', {
    body: { username, password, confirmPassword: password, invitationCode: code, agreement: true },
  });
  expect(answer.body.code).toBe('00000');
  return { username, password, customerId, token: await h.t.login(username, password) };
}

describe('every in-app link leads to a page the person can open', () => {
  it('the super admin', async () => {
    const person = { username: 'admin', password: TEST_ADMIN_PASSWORD, customerId: await f.rootId(), token: admin };
    const page = await openSignedIn(h, person.username, person.password);
    const found = await collect(page, person);
    // The walk reached the AI screens' "no apps yet" state and its link.
    expect([...found.keys()]).toContain('/app/info');
    expect(await brokenTargets(page, found)).toEqual([]);
  });

  it('a customer’s first user, registered with its invitation code (the staff role)', async () => {
    const person = await registeredMember();
    const page = await openSignedIn(h, person.username, person.password);
    const found = await collect(page, person);
    // "Go to apps" on the AI screens is there, and now leads to the person's own App info.
    expect(found.get('/app/info')).toEqual(expect.arrayContaining([`/ai/main-prompt?customerId=${person.customerId}`]));
    expect(await brokenTargets(page, found)).toEqual([]);
  });

  it('a role an operator made with the AI screens but not App info: no link to it, a sentence instead', async () => {
    const customerId = await f.customer();
    const roleId = await f.role({ codes: ['ai:prompt:view', 'ai:prompt:edit', 'ai:access:view'] });
    const { username, password } = await f.user({ customerId, roleIds: [roleId] });
    const person = { username, password, customerId, token: await h.t.login(username, password) };
    const page = await openSignedIn(h, username, password);
    const found = await collect(page, person);
    expect([...found.keys()]).not.toContain('/app/info');
    expect(await brokenTargets(page, found)).toEqual([]);
    await page.goto(`/ai/main-prompt?customerId=${customerId}`);
    const empty = page.getByTestId('main-prompt-no-apps');
    await empty.getByText('ask someone who manages apps to create one').waitFor();
    expect(await empty.locator('a').count()).toBe(0);
  });
});
