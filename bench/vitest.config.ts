import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The fault suite has its own config and script (`npm run test:faults`).
    exclude: ['faults/**', '**/node_modules/**'],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
