import { TEST_ADMIN_PASSWORD } from '@agent-console/server/test/test-database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, registerStaff, signIn, startHarness } from './support/harness';

/**
 * SPEC §4 at sign-in: "dictionary cache update and fetch". Someone who may edit dictionaries
 * updates the server's cache and then fetches it; anyone else only fetches (docs/decisions.md,
 * "Dictionary cache at sign-in"). A page opened with a session already running only fetches.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await registerStaff(h, ['dictreader']);
});
afterAll(() => h.close());

/** The dictionary cache calls a page makes, in the order it makes them, with their answers' codes. */
function recordCacheCalls(page: Page) {
  const calls: { kind: string; code?: string }[] = [];
  page.on('request', (request) => {
    const kind = /\/api\/v3\/system\/dict\/cache\/(\w+)/.exec(request.url())?.[1];
    if (kind) calls.push({ kind });
  });
  page.on('response', async (response) => {
    const kind = /\/api\/v3\/system\/dict\/cache\/(\w+)/.exec(response.url())?.[1];
    if (!kind) return;
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    const call = calls.find((c) => c.kind === kind && c.code === undefined);
    if (call) call.code = body?.code ?? 'none';
  });
  return calls;
}

/** Signs in through the form on a fresh page, recording the cache calls from the sign-in page on. */
async function signInRecording(username: string, password: string) {
  const { page } = await h.newPage({ lang: 'en' });
  const calls = recordCacheCalls(page);
  await page.goto('/login');
  await page.getByTestId('login-form').waitFor();
  expect(calls).toEqual([]);
  await signIn(page, username, password);
  await page.waitForURL(/\/index$/);
  await page.getByTestId('app-layout').waitFor();
  return { page, calls };
}

describe('dictionary cache at sign-in', () => {
  it('an editor (admin) updates the cache, then fetches it; a page load with the session running only fetches', async () => {
    const { page, calls } = await signInRecording('admin', TEST_ADMIN_PASSWORD);
    await expect.poll(() => calls.filter((c) => c.code).length).toBeGreaterThanOrEqual(2);
    expect(calls.slice(0, 2)).toEqual([
      { kind: 'update', code: '00000' },
      { kind: 'get', code: '00000' },
    ]);
    // The update is a write: one at every page load filled the operation log with it.
    calls.length = 0;
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    await expect.poll(() => calls.filter((c) => c.code).length).toBeGreaterThanOrEqual(1);
    expect(calls).toEqual([{ kind: 'get', code: '00000' }]);
  });

  it('someone without the dictionary edit permission only fetches it', async () => {
    const { calls } = await signInRecording('dictreader', 'secret-123');
    await expect.poll(() => calls.filter((c) => c.code).length).toBeGreaterThanOrEqual(1);
    // The fetch comes after any update, so once it has answered no update is still to come.
    expect(calls).toEqual([{ kind: 'get', code: '00000' }]);
  });
});
