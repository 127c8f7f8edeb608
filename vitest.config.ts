import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Temporary projects and clones made by tests have test files of their own.
    // The matrix's text snapshots include scaffolded test files (test__agent.test.ts): data, not tests.
    exclude: ['test/.tmp/**', 'test/.output/**', 'test/emit/__snapshots__/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Runtime tests start servers on ephemeral loopback ports; files run in parallel, tests in a file run in order.
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});
