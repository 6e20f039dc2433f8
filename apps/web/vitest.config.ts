import { defineProject } from 'vitest/config';

// One project of the root vitest workspace. Unit tests cover pure logic (src/lib, features/*/model),
// so Node is enough; switch a file to jsdom with a `// @vitest-environment jsdom` comment if needed.
export default defineProject({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
  },
});
