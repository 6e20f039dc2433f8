import { defineProject } from 'vitest/config';
import { scaled } from '../../scripts/test-sizing.mjs';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Chosen on the benchmark machine, multiplied by this machine's factor (scripts/test-sizing.mjs).
    testTimeout: scaled(30_000),
    hookTimeout: scaled(60_000),
    // Files share a worker's module cache instead of importing the whole server again each (~3 s a
    // file); every file still gets its own database, and no server test mocks modules.
    isolate: false,
  },
});
