import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { openContexts } from './harness';

/**
 * When a browser test fails, every page it opened is saved under `.tmp/e2e-failures/` with its
 * URL, so a failure seen only on a loaded CI machine can be looked at afterwards.
 */
let before = new Set<BrowserContext>();
beforeEach(() => {
  before = new Set(openContexts);
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const dir = path.resolve('.tmp/e2e-failures');
  mkdirSync(dir, { recursive: true });
  const name = context.task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
  let n = 0;
  // The test's own pages; a test driving pages opened before it (in beforeAll) gets all of them.
  const fresh = [...openContexts].filter((c) => !before.has(c));
  for (const browserContext of fresh.length ? fresh : openContexts) {
    for (const page of browserContext.pages()) {
      n += 1;
      const file = path.join(dir, `${name}-${n}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`failure screenshot: ${file} (${page.url()})`);
    }
  }
});
