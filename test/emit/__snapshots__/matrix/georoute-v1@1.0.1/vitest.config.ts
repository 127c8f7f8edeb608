// The agent's own test settings. Without this file vitest would use a config it finds in a
// parent folder (a monorepo's, say), with that project's paths and setup.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
  },
});
