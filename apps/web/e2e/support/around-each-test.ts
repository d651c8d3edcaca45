import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { pagesOfTest, testEnds, testStarts } from './harness';

/**
 * Around every browser test: when it fails, every page it opened is saved under
 * `.tmp/e2e-failures/` with its URL, so a failure seen only on a loaded CI machine can be looked at
 * afterwards; then the browser contexts it took are taken back (support/context-pool.ts).
 */
beforeEach(() => {
  testStarts();
});

afterEach(async (context) => {
  try {
    if (context.task.result?.state === 'fail') await screenshotPages(context.task.name);
  } finally {
    await testEnds();
  }
});

async function screenshotPages(testName: string): Promise<void> {
  const dir = path.resolve('.tmp/e2e-failures');
  mkdirSync(dir, { recursive: true });
  const name = testName.replace(/[^\w-]+/g, '-').slice(0, 80);
  let n = 0;
  for (const page of pagesOfTest()) {
    n += 1;
    const file = path.join(dir, `${name}-${n}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.error(`failure screenshot: ${file} (${page.url()})`);
  }
}
