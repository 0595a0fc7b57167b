import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The fault suite has its own config and script (`npm run test:faults`); the tests of the
    // web app's build have their own project, which builds it once (vitest.web.config.ts).
    exclude: ['faults/**', 'test/web-*.test.ts', '**/node_modules/**'],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
