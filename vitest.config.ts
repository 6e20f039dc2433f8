import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Server test files each start their own database; two at a time suits the 2-core machines.
    maxWorkers: 2,
    projects: ['packages/common', 'apps/server', 'apps/web', 'bench'],
  },
});
