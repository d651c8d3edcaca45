import { defineConfig } from 'vitest/config';

/**
 * Two projects: `api` (unit and API tests beside the code, each file on its own copy of a
 * seeded database) and `e2e` (Chromium against the built web app, one file at a time).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          setupFiles: ['apps/web/e2e/support/failure-screenshots.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
          fileParallelism: false,
          // Polls wait on a browser that shares the CPU with the API suite; one second is too short.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
