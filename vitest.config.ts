import { defineConfig } from 'vitest/config';

/**
 * unit: rules, services and API tests (app.inject on PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 * e2e: browser tests in the system Chromium against a real server built from this tree.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite takes ~0.5 GB per database: keep the number of workers bounded on a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
