import { defineProject } from 'vitest/config';

// The pure parts of the benchmarks (manifest closure, results file); the benchmarks themselves run with `npm run bench`.
export default defineProject({ test: { name: 'bench', include: ['**/*.test.ts'], environment: 'node' } });
