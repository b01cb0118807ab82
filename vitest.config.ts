import os from 'node:os';
import { defineConfig } from 'vitest/config';

// The tests run in a time zone that is neither UTC nor the business zone (Asia/Singapore), so code
// or a test that reads a date in the process's own zone where it means an explicit one fails on
// every machine, not only on those set to another zone. Kiritimati (UTC+14, as the e2e product
// server, see e2e/support/time-zones.ts) is a day ahead of UTC 14 hours of 24. Set before any
// worker starts, so every worker inherits it.
process.env.TZ = 'Pacific/Kiritimati';

/**
 * One Vitest run covers the whole workspace: `npx vitest run` runs every project,
 * `npx vitest run --project server` one of them.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2-core machine that is ONE, and
    // the files ran one after another (issue 20's CI: 518 s of wall time for 432 s of files, one
    // core idle). Every file has its own database (PGlite in memory, or its own PostgreSQL
    // database), so files can run side by side; one worker per core keeps both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'license-protocol',
          include: ['packages/license-protocol/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'license-client',
          include: ['packages/license-client/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Each test file builds its own app on its own database, so files need no module
          // isolation; sharing a process between files lets PGlite's WASM be compiled and the
          // migrations run once per worker instead of once per file (about 5x less CPU). The
          // price: a file must not vi.mock modules or leave spies and globals changed.
          pool: 'forks',
          isolate: false,
          // The compiled server, which the tests that start real server processes run.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web app's own Vite config, so tests see the same plugins and aliases as the build.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A jsdom render with user-event takes 0.1-0.5 s alone; on CI's two cores shared with the
          // PostgreSQL run it took over Vitest's default 5 s (a combobox and a refund dialog test
          // timed out at a load average of 16). No test here measures time, so the limit is slack.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
