import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** What a test file writes in a comment when it takes a minute or so by design. */
const LONG_RUNNING_MARK = '@long-running';

/**
 * Files marked LONG_RUNNING_MARK start first, the rest in vitest's own order (longest last time,
 * or largest). A clean clone (CI) has no timings from a last run: a minute-long file that happened
 * to start last kept one worker busy for a minute after the others had finished.
 */
class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const marked = new Set(sorted.filter((file) => readFileSync(file.moduleId, 'utf8').includes(LONG_RUNNING_MARK)));
    return [...marked, ...sorted.filter((file) => !marked.has(file))];
  }
}

/**
 * Two projects: `api` (unit and API tests beside the code, each file on its own copy of a
 * seeded database) and `e2e` (Chromium against the built web app, one file at a time).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongRunningFirst },
    projects: [
      {
        test: {
          name: 'api',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/widget/src/**/*.test.ts',
          ],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Generous: in CI the two suites share two cores, and a slow day stretches every wait;
          // a test that waits on a condition ends as soon as it holds, so a high limit costs nothing.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Files share one worker's loaded modules instead of importing the server afresh each
          // (about 3 s a file); every file still has its own database and app.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.spec.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/web/e2e/support/around-each-test.ts'],
          testTimeout: 150_000,
          hookTimeout: 180_000,
          pool: 'forks',
          isolate: false,
          fileParallelism: false,
          // Polls wait on a browser that shares the CPU with the API suite; one second is too short.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
