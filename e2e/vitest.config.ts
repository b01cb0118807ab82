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
    // expect.poll's own default is 1 s: on CI's busy 2 cores a debounced search's answer can come
    // later than that (two journeys failed so, seeing the unfiltered rows). Waits here are for the
    // product to catch up, never for time to pass, so a generous default costs nothing when green.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
