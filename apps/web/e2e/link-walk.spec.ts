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

/**
 * What keeps the shown page frame from being rendered: '' once it is, else the chunk, spinner or
 * skeleton still on its way. A navigation under way (the page redirecting itself) reads as such
 * rather than failing the read.
 */
async function unsettled(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const frame = document.querySelector('.page-frame:not([hidden])');
      if (!frame?.firstElementChild) return 'no page in the frame yet';
      const busy = frame.querySelector('.page-loading, .ant-skeleton, .ant-spin-spinning');
      return busy ? `still loading (${busy.className})` : '';
    })
    .catch((error: Error) => `navigating (${error.message.split('\n')[0]})`);
}

/** The shown page frame has rendered its page. The walk runs beside the whole API suite in CI, so it waits long. */
async function settled(page: Page): Promise<void> {
  await page.getByTestId('app-layout').waitFor();
  await expect.poll(() => unsettled(page), { timeout: 60_000, message: `${page.url()} settles` }).toBe('');
}

/**
 * In-app links on the page: same origin, opened in this window, not a place on the same page; not
 * in the hidden frames of pages kept open in other tabs.
 */
async function inAppLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const raw = a.getAttribute('href') ?? '';
      if (raw.startsWith('#') || a.hasAttribute('download') || (a.target && a.target !== '_self')) continue;
      if (a.closest('.page-frame[hidden]')) continue;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin) continue;
      out.push(`${url.pathname}${url.search}`);
    }
    return out;
  });
}

/**
 * Goes to an address the way a followed link does once the console is loaded: in the app, without
 * reloading it (a history entry and the popstate the router listens to). Loading the whole console
 * again for each of some seventy addresses took the walk past its time limit on a loaded machine.
 */
async function visit(page: Page, path: string): Promise<void> {
  if (!(await page.getByTestId('app-layout').count())) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `walk${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  // The router renders after the event: until then the page of the last address is still shown.
  await page.waitForFunction(
    () =>
      document.querySelector('.page-frame:not([hidden])')?.getAttribute('data-page') ===
      `${location.pathname}${location.search}`,
  );
}

/** Whether the shown page is the not-found screen (kept pages of earlier tabs stay in the document, hidden). */
async function showsNotFound(page: Page): Promise<boolean> {
  return (await page.locator('.page-frame:not([hidden]) [data-testid="not-found"]').count()) > 0;
}

/** Opens a page, settled; answers the in-app links on it. */
async function linksOn(page: Page, path: string): Promise<string[]> {
  await visit(page, path);
  await settled(page);
  expect(await showsNotFound(page), `${path} is one of the person's own pages`).toBe(false);
  return inAppLinks(page);
}

/**
 * Every page of the person and the links on them, as { target → pages it was found on }. A screen
 * with the customer-then-app picker is opened a second time with the person's own customer chosen.
 * `opened` are the addresses the walk opened itself (each was checked to be a page then).
 */
async function collect(page: Page, person: Person): Promise<{ found: Map<string, string[]>; opened: Set<string> }> {
  const found = new Map<string, string[]>();
  const opened = new Set<string>();
  const note = (target: string, on: string) => found.set(target, [...(found.get(target) ?? []), on]);
  const open = async (path: string) => {
    opened.add(path);
    for (const target of await linksOn(page, path)) note(target, path);
  };
  for (const path of await menuPages(person.token)) {
    await open(path);
    if (await page.locator('.customer-app-picker').count()) await open(`${path}?customerId=${person.customerId}`);
  }
  return { found, opened };
}

/** Each target opens a page of the console, not the not-found screen; one the walk opened already is known to. */
async function brokenTargets(page: Page, { found, opened }: Awaited<ReturnType<typeof collect>>): Promise<string[]> {
  const broken: string[] = [];
  for (const [target, on] of found) {
    if (opened.has(target)) continue;
    await visit(page, target);
    await settled(page);
    if (await showsNotFound(page)) broken.push(`${target} (linked from ${on.join(', ')})`);
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

// Each walk opens every page of a person and every link on them: some seventy pages for the super
// admin, which beside the API suite on a slow CI machine took past the default limit.
describe('every in-app link leads to a page the person can open', { timeout: 480_000 }, () => {
  it('the super admin', async () => {
    const person = { username: 'admin', password: TEST_ADMIN_PASSWORD, customerId: await f.rootId(), token: admin };
    const page = await openSignedIn(h, person.username, person.password);
    const walk = await collect(page, person);
    // The walk reached the AI screens' "no apps yet" state and its link.
    expect([...walk.found.keys()]).toContain('/app/info');
    expect(await brokenTargets(page, walk)).toEqual([]);
  });

  it('a customer’s first user, registered with its invitation code (the staff role)', async () => {
    const person = await registeredMember();
    const page = await openSignedIn(h, person.username, person.password);
    const walk = await collect(page, person);
    // "Go to apps" on the AI screens is there, and now leads to the person's own App info.
    expect(walk.found.get('/app/info')).toEqual(
      expect.arrayContaining([`/ai/main-prompt?customerId=${person.customerId}`]),
    );
    expect(await brokenTargets(page, walk)).toEqual([]);
  });

  it('a role an operator made with the AI screens but not App info: no link to it, a sentence instead', async () => {
    const customerId = await f.customer();
    const roleId = await f.role({ codes: ['ai:prompt:view', 'ai:prompt:edit', 'ai:access:view'] });
    const { username, password } = await f.user({ customerId, roleIds: [roleId] });
    const person = { username, password, customerId, token: await h.t.login(username, password) };
    const page = await openSignedIn(h, username, password);
    const walk = await collect(page, person);
    expect([...walk.found.keys()]).not.toContain('/app/info');
    expect(await brokenTargets(page, walk)).toEqual([]);
    await page.goto(`/ai/main-prompt?customerId=${customerId}`);
    const empty = page.getByTestId('main-prompt-no-apps');
    await empty.getByText('ask someone who manages apps to create one').waitFor();
    expect(await empty.locator('a').count()).toBe(0);
  });
});
