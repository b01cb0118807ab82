import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/specs/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Specs share one server and one Chromium per worker; two workers fit this 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
