import { defineProject } from 'vitest/config';

/**
 * The tests that need the web app's real production build (`test/web-*.test.ts`): its global
 * setup builds it once for all of them. The other bench tests (vitest.config.ts) need no build.
 */
export default defineProject({
  test: {
    name: 'web-build',
    environment: 'node',
    include: ['test/web-*.test.ts'],
    globalSetup: ['test/web-build.setup.ts'],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
